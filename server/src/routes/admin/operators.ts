import { ADMIN_ENDPOINTS } from '@instalment/contract/api';
import {
  envelopeOf,
  NewOperatorRequest,
  NoData,
  OperatorCreated,
  OperatorDisabled,
  OperatorEnabled,
  OperatorParams,
  OperatorRolesChanged,
  OperatorRolesRequest,
  OperatorTotpReset,
  ConsoleOperator,
} from '@instalment/contract/api/schemas';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { operatorOf } from '../../http/admin-auth';
import { ok } from '../../http/envelope';
import { sentenceIn } from '../../http/sentence';
import { operatorTarget } from '../../services/operator-target';
import type { ApiInstance } from '../deps';
import { consoleRoute, type ConsoleDeps } from './act';

const accountOf = (request: FastifyRequest) => operatorTarget((request.params as { username: string }).username);
const account = { params: OperatorParams };

/**
 * Operators' accounts, for admins: the list, a new account and a TOTP reset (each answering its
 * operator's enrolment code), roles, disabling and enabling again, unlocking.
 */
export function consoleOperatorRoutes(app: ApiInstance, { services: { operators, operatorAccounts }, read, write }: ConsoleDeps): void {
  app.get(
    ADMIN_ENDPOINTS.operators,
    {
      ...consoleRoute('operators.list', 'operators', () => 'operators'),
      schema: { response: { 200: envelopeOf(Type.Array(ConsoleOperator)) } },
    },
    async (request) => read(request, await operatorAccounts.list()),
  );
  app.post(
    ADMIN_ENDPOINTS.operators,
    {
      ...consoleRoute('operator.create', 'operators', (request) =>
        operatorTarget(String((request.body as { username?: unknown })?.username)),
      ),
      schema: { body: NewOperatorRequest, response: { 200: envelopeOf(OperatorCreated) } },
    },
    (request) => write(request, (tx) => operatorAccounts.create(tx, operatorOf(request), request.body.username, request.body.roles)),
  );
  app.post(
    ADMIN_ENDPOINTS.operatorRoles,
    {
      ...consoleRoute('operator.roles', 'operators', accountOf),
      schema: { ...account, body: OperatorRolesRequest, response: { 200: envelopeOf(OperatorRolesChanged) } },
    },
    (request) => write(request, (tx) => operatorAccounts.setRoles(tx, operatorOf(request), request.params.username, request.body.roles)),
  );
  app.post(
    ADMIN_ENDPOINTS.disableOperator,
    {
      ...consoleRoute('operator.disable', 'operators', accountOf),
      schema: { ...account, response: { 200: envelopeOf(OperatorDisabled) } },
    },
    (request) => write(request, (tx) => operatorAccounts.disable(tx, operatorOf(request), request.params.username)),
  );
  app.post(
    ADMIN_ENDPOINTS.enableOperator,
    {
      ...consoleRoute('operator.enable', 'operators', accountOf),
      schema: { ...account, response: { 200: envelopeOf(OperatorEnabled) } },
    },
    (request) => write(request, (tx) => operatorAccounts.enable(tx, operatorOf(request), request.params.username)),
  );
  app.post(
    ADMIN_ENDPOINTS.resetOperatorTotp,
    {
      ...consoleRoute('operator.reset-totp', 'operators', accountOf),
      schema: { ...account, response: { 200: envelopeOf(OperatorTotpReset) } },
    },
    (request) => write(request, (tx) => operatorAccounts.resetTotp(tx, operatorOf(request), request.params.username)),
  );
  app.post(
    ADMIN_ENDPOINTS.unlockOperator,
    { ...consoleRoute('operator.unlock', 'operators', accountOf), schema: { ...account, response: { 200: envelopeOf(NoData) } } },
    async (request) => {
      await write(request, (tx) => operators.unlock(request.params.username, tx));
      return ok(null, sentenceIn(request, 'operatorUnlocked'));
    },
  );
}
