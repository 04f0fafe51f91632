import { ADMIN_ENDPOINTS, type ApprovalStatus } from '@instalment/contract/api';
import {
  Approval,
  ApprovalDecided,
  ApprovalStatus as ApprovalStatusSchema,
  ConsoleStatusQuery,
  DecisionRequest,
  envelopeOf,
  IdParams,
  Listing,
} from '@instalment/contract/api/schemas';
import { Value } from '@sinclair/typebox/value';
import type { FastifyRequest } from 'fastify';
import { operatorOf } from '../../http/admin-auth';
import type { ApiInstance } from '../deps';
import { consoleRoute, factOf, routeOf, statusOf, windowOf, type ConsoleDeps } from './act';

/** Four eyes: what a first operator asked for, carried out or declined by a second. */
export function consoleApprovalRoutes(app: ApiInstance, { services: { approvals }, read, committed }: ConsoleDeps): void {
  // Any operator may open the inbox; the service shows each only what their roles may decide or they asked for.
  app.get(
    ADMIN_ENDPOINTS.approvals,
    {
      ...consoleRoute('approvals.list', null, () => 'approvals'),
      schema: { querystring: ConsoleStatusQuery, response: { 200: envelopeOf(Listing(Approval)) } },
    },
    async (request) => {
      const status = statusOf<ApprovalStatus>(request.query.status, (value) => Value.Check(ApprovalStatusSchema, value));
      const { limit, offset } = windowOf(request.query);
      return read(request, await approvals.list(status, limit, offset, operatorOf(request)));
    },
  );

  /** The decision, carried out with its audit row in the write the service opens under the approval's lock. */
  const decide = async (request: FastifyRequest, decision: 'approve' | 'decline', id: number, reason = '') => {
    // A refusal is filed under what the approval is about, as its decision would be.
    request.audit.target = (await approvals.byId(id)).target;
    return committed(
      request,
      approvals.decide(id, decision, reason.trim(), {
        action: routeOf(request).action,
        checker: () => operatorOf(request),
        fact: () => factOf(request),
      }),
    );
  };
  const decision = (action: string) => ({
    ...consoleRoute(action, null, (request) => `approval:${(request.params as { id: string }).id}`),
    // An approval is often posted without a body: it reads as one with no reason.
    preValidation: async (request: FastifyRequest) => {
      request.body ??= {};
    },
    schema: { params: IdParams, body: DecisionRequest, response: { 200: envelopeOf(ApprovalDecided) } },
  });
  app.post(ADMIN_ENDPOINTS.approveApproval, decision('approval.approve'), (request) =>
    decide(request, 'approve', request.params.id, request.body.reason),
  );
  app.post(ADMIN_ENDPOINTS.declineApproval, decision('approval.decline'), (request) =>
    decide(request, 'decline', request.params.id, request.body.reason),
  );
}
