import { ADMIN_ENDPOINTS } from '@instalment/shared/api';
import { envelopeOf, NoData, OperatorParams } from '@instalment/shared/api/schemas';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope';
import { said } from '../../http/say';
import type { ApiInstance } from '../deps';
import { consoleRoute, type ConsoleDeps } from './act';

const operatorTarget = (request: FastifyRequest) => `operator:${(request.params as { username: string }).username}`;

/** Operators' accounts: an admin ends the waits failed logins put on one. */
export function consoleOperatorRoutes(app: ApiInstance, { services: { operators }, change }: ConsoleDeps): void {
  app.post(
    ADMIN_ENDPOINTS.unlockOperator,
    {
      ...consoleRoute('operator.unlock', 'operators', operatorTarget),
      schema: { params: OperatorParams, response: { 200: envelopeOf(NoData) } },
    },
    async (request) => {
      await change(request, (tx) => operators.unlock(request.params.username, tx));
      return ok(null, said(request, 'operatorUnlocked'));
    },
  );
}
