import { ADMIN_ENDPOINTS } from '@instalment/shared/api';
import { envelopeOf, NoData, OperatorIdentity, OperatorLoginRequest, OperatorSession } from '@instalment/shared/api/schemas';
import { operatorOf } from '../../http/admin-auth';
import { ok } from '../../http/envelope';
import { perAddress } from '../../http/rate-limits';
import { said } from '../../http/say';
import { Refusal } from '../../services/refusals';
import type { ApiInstance } from '../deps';
import type { ConsoleDeps } from './act';

/** Logging in (password and TOTP code, with the borrowers' limits), out, and who the token is. */
export function consoleAuthRoutes(app: ApiInstance, { services: { operators, audit }, config, guarded }: ConsoleDeps): void {
  const { loginsPerAddress, addressWindowSeconds } = config.limits;
  app.post(
    ADMIN_ENDPOINTS.login,
    {
      schema: { body: OperatorLoginRequest, response: { 200: envelopeOf(OperatorSession) } },
      ...perAddress(loginsPerAddress, addressWindowSeconds),
    },
    async (request) => {
      const { username, password, totp } = request.body;
      const fact = {
        operator: { id: null, username, roles: [] },
        address: request.ip,
        action: 'auth.login',
        target: `operator:${username}`,
      };
      try {
        const session = await operators.login(username, password, totp, request.ip);
        await audit.record({ ...fact, outcome: 'done', after: { roles: session.roles } });
        return ok(session, said(request, 'loggedIn'));
      } catch (error) {
        if (error instanceof Refusal) await audit.record({ ...fact, outcome: 'refused', reason: error.message });
        throw error;
      }
    },
  );

  app.post(ADMIN_ENDPOINTS.logout, { ...guarded, schema: { response: { 200: envelopeOf(NoData) } } }, async (request) => {
    await operators.logout(request.operatorToken!);
    const operator = operatorOf(request);
    await audit.record({ operator, address: request.ip, action: 'auth.logout', target: `operator:${operator.username}`, outcome: 'done' });
    return ok(null, said(request, 'loggedOut'));
  });

  app.get(ADMIN_ENDPOINTS.me, { ...guarded, schema: { response: { 200: envelopeOf(OperatorIdentity) } } }, async (request) => {
    const { username, roles } = operatorOf(request);
    return ok({ username, roles });
  });
}
