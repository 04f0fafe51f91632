import { ADMIN_ENDPOINTS, type DifferenceStatus } from '@instalment/contract/api';
import {
  ApprovalAsked,
  DifferenceApplyRequest,
  DifferenceResolved,
  DifferenceStatus as DifferenceStatusSchema,
  envelopeOf,
  IdParams,
  Listing,
  PaymentDifference,
  ReasonRequest,
  StatusQuery,
} from '@instalment/contract/api/schemas';
import { Value } from '@sinclair/typebox/value';
import type { FastifyRequest } from 'fastify';
import { operatorOf } from '../../http/admin-auth';
import { differenceTarget } from '../../services/reconciliation';
import type { ApiInstance } from '../deps';
import { consoleRoute, statusOf, windowOf, type ConsoleDeps } from './act';

const differenceOf = (request: FastifyRequest) => differenceTarget(Number((request.params as { id: string }).id));

/** Reconciliation: money received and not credited, refunded or applied to instalments (four eyes), or closed. */
export function consoleReconciliationRoutes(
  app: ApiInstance,
  { services: { reconciliation, consoleCommands }, read, write }: ConsoleDeps,
): void {
  app.get(
    ADMIN_ENDPOINTS.differences,
    {
      ...consoleRoute('differences.list', 'reconcile', () => 'differences'),
      schema: { querystring: StatusQuery, response: { 200: envelopeOf(Listing(PaymentDifference)) } },
    },
    async (request) => {
      const status = statusOf<DifferenceStatus>(request.query.status, (value) => Value.Check(DifferenceStatusSchema, value));
      return read(request, await reconciliation.list(status, windowOf(request.query)));
    },
  );
  app.post(
    ADMIN_ENDPOINTS.refundDifference,
    {
      ...consoleRoute('difference.refund.ask', 'reconcile', differenceOf),
      schema: { params: IdParams, response: { 200: envelopeOf(ApprovalAsked) } },
    },
    (request) => write(request, (tx) => consoleCommands.askRefund(tx, operatorOf(request), request.params.id)),
  );
  app.post(
    ADMIN_ENDPOINTS.applyDifference,
    {
      ...consoleRoute('difference.apply.ask', 'reconcile', differenceOf),
      schema: { params: IdParams, body: DifferenceApplyRequest, response: { 200: envelopeOf(ApprovalAsked) } },
    },
    (request) =>
      write(request, (tx) => consoleCommands.askApply(tx, operatorOf(request), request.params.id, request.body.at_price_shown ?? false)),
  );
  app.post(
    ADMIN_ENDPOINTS.closeDifference,
    {
      ...consoleRoute('difference.close', 'reconcile', differenceOf),
      schema: { params: IdParams, body: ReasonRequest, response: { 200: envelopeOf(DifferenceResolved) } },
    },
    (request) => write(request, (tx) => reconciliation.close(tx, request.params.id, request.body.reason, operatorOf(request))),
  );
}
