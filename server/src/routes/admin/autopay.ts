import { ADMIN_ENDPOINTS } from '@instalment/contract/api';
import { AutopayRun, AutopayRunQuery, envelopeOf, IdParams, ConsoleAutopay } from '@instalment/contract/api/schemas';
import type { FastifyRequest } from 'fastify';
import { operatorOf } from '../../http/admin-auth';
import { userTarget } from '../../services/targets';
import type { ApiInstance } from '../deps';
import { consoleRoute, type ConsoleDeps } from './act';

const userOf = (request: FastifyRequest) => userTarget(Number((request.params as { id: string }).id));

/**
 * Automatic repayment in the console. The day's run and a borrower's agreement are read by
 * finance (`reconcile`: what was charged is money received, and its failures are theirs to
 * follow) and by borrower support (`users`: "was I charged, and why not?"); the auditor reads
 * both. Only finance pauses and resumes a borrower's charges (`reconcile`), each audited; nobody
 * charges by hand.
 */
export function consoleAutopayRoutes(app: ApiInstance, { services: { autopay }, read, write }: ConsoleDeps): void {
  app.get(
    ADMIN_ENDPOINTS.autopayRun,
    {
      ...consoleRoute('autopay.run', ['reconcile', 'users'], () => 'autopay'),
      schema: { querystring: AutopayRunQuery, response: { 200: envelopeOf(AutopayRun) } },
    },
    async (request) => read(request, await autopay.day(request.query.date, operatorOf(request).roles)),
  );
  app.get(
    ADMIN_ENDPOINTS.userAutopay,
    {
      ...consoleRoute('autopay.view', ['users', 'reconcile'], userOf),
      schema: { params: IdParams, response: { 200: envelopeOf(ConsoleAutopay) } },
    },
    async (request) => read(request, await autopay.consoleView(request.params.id)),
  );
  for (const [path, paused] of [
    [ADMIN_ENDPOINTS.pauseAutopay, true],
    [ADMIN_ENDPOINTS.resumeAutopay, false],
  ] as const) {
    app.post(
      path,
      {
        ...consoleRoute(paused ? 'autopay.pause' : 'autopay.resume', 'reconcile', userOf),
        schema: { params: IdParams, response: { 200: envelopeOf(ConsoleAutopay) } },
      },
      (request) =>
        write(request, (tx) => autopay.setPaused(tx, request.params.id, paused, operatorOf(request)), [`autopay:${request.params.id}`]),
    );
  }
}
