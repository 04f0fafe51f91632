import { ADMIN_ENDPOINTS, type PaymentStatus, type ProofStatus } from '@instalment/contract/api';
import {
  ApprovalAsked,
  BankRefRequest,
  envelopeOf,
  FileBytes,
  IdParams,
  Listing,
  PaymentListQuery,
  PaymentStatus as PaymentStatusSchema,
  ReasonRequest,
  ConsolePayment,
  ConsoleProof,
  ProofDecided,
  ProofListQuery,
  ProofStatus as ProofStatusSchema,
} from '@instalment/contract/api/schemas';
import { Value } from '@sinclair/typebox/value';
import type { FastifyRequest } from 'fastify';
import { operatorOf } from '../../http/admin-auth';
import { Refusal, sentenceOf } from '../../services/refusals';
import { proofTarget } from '../../services/targets';
import { MIME_TYPES } from '../../services/uploads';
import type { ApiInstance } from '../deps';
import { consoleRoute, statusOf, type ConsoleDeps } from './act';
import { LIST_ORDERS, listWindowOf } from './lists';

const proofOf = (request: FastifyRequest) => proofTarget(Number((request.params as { id: string }).id));

/** Proofs of bank transfers: the queue and its history (by status, order number or phone), the file, confirmation (four eyes) or rejection; gateway payments. */
export function consoleProofRoutes(
  app: ApiInstance,
  { services: { consoleReads, consoleCommands }, config, read, write }: ConsoleDeps,
): void {
  app.get(
    ADMIN_ENDPOINTS.vouchers,
    {
      ...consoleRoute('vouchers.list', 'vouchers', () => 'vouchers'),
      schema: { querystring: ProofListQuery, response: { 200: envelopeOf(Listing(ConsoleProof)) } },
    },
    async (request) => {
      const status = statusOf<ProofStatus>(request.query.status, (value) => Value.Check(ProofStatusSchema, value));
      const window = listWindowOf(request.query, LIST_ORDERS.vouchers, config.businessTimezone);
      return read(request, await consoleReads.proofList(status, window, request.query.q));
    },
  );
  app.get(
    ADMIN_ENDPOINTS.proofFile,
    { ...consoleRoute('voucher.file', ['vouchers', 'users'], proofOf), schema: { params: IdParams, response: { 200: FileBytes } } },
    async (request, reply) => {
      const found = await consoleReads.proofFile(request.params.id);
      if (!found) throw new Refusal(sentenceOf('proofNotFound'));
      return reply
        .header('Content-Type', MIME_TYPES[found.type])
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'no-store')
        .send(found.bytes);
    },
  );
  app.post(
    ADMIN_ENDPOINTS.confirmProof,
    {
      ...consoleRoute('voucher.confirm.ask', 'vouchers', proofOf),
      schema: { params: IdParams, body: BankRefRequest, response: { 200: envelopeOf(ApprovalAsked) } },
    },
    (request) =>
      write(request, (tx) => consoleCommands.askProofConfirmation(tx, operatorOf(request), request.params.id, request.body.bank_ref)),
  );
  app.post(
    ADMIN_ENDPOINTS.rejectProof,
    {
      ...consoleRoute('voucher.reject', 'vouchers', proofOf),
      schema: { params: IdParams, body: ReasonRequest, response: { 200: envelopeOf(ProofDecided) } },
    },
    (request) => write(request, (tx) => consoleCommands.rejectProof(tx, request.params.id, request.body.reason)),
  );

  app.get(
    ADMIN_ENDPOINTS.payments,
    {
      ...consoleRoute('payments.list', 'vouchers', () => 'payments'),
      schema: { querystring: PaymentListQuery, response: { 200: envelopeOf(Listing(ConsolePayment)) } },
    },
    async (request) => {
      const status = statusOf<PaymentStatus>(request.query.status, (value) => Value.Check(PaymentStatusSchema, value));
      const window = listWindowOf(request.query, LIST_ORDERS.payments, config.businessTimezone);
      return read(request, await consoleReads.payments(status, window));
    },
  );
}
