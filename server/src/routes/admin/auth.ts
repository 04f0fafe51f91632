import { ADMIN_ENDPOINTS } from '@instalment/contract/api';
import { envelopeOf, NoData, OperatorIdentity, OperatorLoginRequest, OperatorSession } from '@instalment/contract/api/schemas';
import type { FastifyRequest } from 'fastify';
import { operatorOf } from '../../http/admin-auth';
import { ok } from '../../http/envelope';
import { perAddress } from '../../http/rate-limits';
import { said } from '../../http/say';
import type { ApiInstance } from '../deps';
import type { ConsoleDeps } from './act';

/** The account a request is about: the one logging in, or the one whose token it carries. */
const accountOf = (request: FastifyRequest) =>
  `operator:${(request.body as { username?: unknown } | undefined)?.username ?? request.operator?.username ?? ''}`;

/** Logging in (password and TOTP code, with the borrowers' limits), out, and who the token is. */
export function consoleAuthRoutes(app: ApiInstance, { services: { operators }, config }: ConsoleDeps): void {
  const { loginsPerAddress, addressWindowSeconds } = config.limits;
  app.post(
    ADMIN_ENDPOINTS.login,
    {
      schema: { body: OperatorLoginRequest, response: { 200: envelopeOf(OperatorSession) } },
      config: {
        ...perAddress(loginsPerAddress, addressWindowSeconds).config,
        consoleRoute: { action: 'auth.login', permission: null, target: accountOf, public: true },
      },
    },
    async (request) => {
      const { username, password, totp } = request.body;
      const session = await operators.login(username, password, totp, request.ip);
      // The audit files the login under the account it opened.
      request.operator = await operators.authenticate(session.token);
      request.audit.after = { roles: session.roles };
      return ok(session, said(request, 'loggedIn'));
    },
  );

  app.post(
    ADMIN_ENDPOINTS.logout,
    {
      schema: { response: { 200: envelopeOf(NoData) } },
      config: { consoleRoute: { action: 'auth.logout', permission: null, target: accountOf } },
    },
    async (request) => {
      await operators.logout(request.operatorToken!);
      return ok(null, said(request, 'loggedOut'));
    },
  );

  app.get(
    ADMIN_ENDPOINTS.me,
    {
      schema: { response: { 200: envelopeOf(OperatorIdentity) } },
      config: { consoleRoute: { action: 'auth.me', permission: null, target: accountOf } },
    },
    async (request) => {
      const { username, roles } = operatorOf(request);
      return ok({ username, roles, business_timezone: config.businessTimezone });
    },
  );
}
