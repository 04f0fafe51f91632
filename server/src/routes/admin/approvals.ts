import { ADMIN_ENDPOINTS, type ApprovalStatus } from '@instalment/shared/api';
import {
  Approval,
  ApprovalStatus as ApprovalStatusSchema,
  DecisionRequest,
  envelopeOf,
  IdParams,
  Listing,
  StatusQuery,
} from '@instalment/shared/api/schemas';
import { Value } from '@sinclair/typebox/value';
import type { FastifyRequest } from 'fastify';
import { operatorOf } from '../../http/admin-auth';
import { ok } from '../../http/envelope';
import { Forbidden, Refusal } from '../../services/refusals';
import type { ApiInstance } from '../deps';
import { statusOf, windowOf, type ConsoleDeps } from './act';

/** Four eyes: what a first operator asked for, carried out or declined by a second. */
export function consoleApprovalRoutes(app: ApiInstance, { services: { approvals, audit }, guarded }: ConsoleDeps): void {
  app.get(
    ADMIN_ENDPOINTS.approvals,
    { ...guarded, schema: { querystring: StatusQuery, response: { 200: envelopeOf(Listing(Approval)) } } },
    async (request) => {
      const status = statusOf<ApprovalStatus>(request.query.status, (value) => Value.Check(ApprovalStatusSchema, value));
      const { limit, offset } = windowOf(request.query);
      return ok(await approvals.list(status, limit, offset));
    },
  );

  /** Not through `act`: the approval's service decides in a write of its own (under the approval's lock), audited after it. */
  const decide = async (request: FastifyRequest, decision: 'approve' | 'decline', id: number, reason = '') => {
    const operator = operatorOf(request);
    const fact = { operator, address: request.ip, action: `approval.${decision}`, target: `approval:${id}` };
    try {
      fact.target = (await approvals.byId(id)).target;
      const { approval, after } = await approvals.decide(id, operator, decision, reason.trim());
      await audit.record({
        ...fact,
        target: approval.target,
        before: approval.before,
        after: { approval_id: approval.id, kind: approval.kind, status: approval.status, result: after },
        outcome: 'done',
      });
      return ok(approval);
    } catch (error) {
      if (error instanceof Refusal || error instanceof Forbidden)
        await audit.record({ ...fact, outcome: 'refused', reason: error.message });
      throw error;
    }
  };
  const decision = {
    ...guarded,
    // An approval is often posted without a body: it reads as one with no reason.
    preValidation: async (request: FastifyRequest) => {
      request.body ??= {};
    },
    schema: { params: IdParams, body: DecisionRequest, response: { 200: envelopeOf(Approval) } },
  };
  app.post(ADMIN_ENDPOINTS.approveApproval, decision, (request) => decide(request, 'approve', request.params.id, request.body.reason));
  app.post(ADMIN_ENDPOINTS.declineApproval, decision, (request) => decide(request, 'decline', request.params.id, request.body.reason));
}
