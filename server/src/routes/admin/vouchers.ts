import { ADMIN_ENDPOINTS, type PaymentStatus, type VoucherStatus } from '@instalment/contract/api';
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
  StaffPayment,
  StaffVoucher,
  VoucherDecided,
  VoucherListQuery,
  VoucherStatus as VoucherStatusSchema,
} from '@instalment/contract/api/schemas';
import { Value } from '@sinclair/typebox/value';
import type { FastifyRequest } from 'fastify';
import { operatorOf } from '../../http/admin-auth';
import { Refusal, say } from '../../services/refusals';
import { voucherTarget } from '../../services/targets';
import { MIME_TYPES } from '../../services/uploads';
import type { ApiInstance } from '../deps';
import { consoleRoute, statusOf, type ConsoleDeps } from './act';
import { LIST_ORDERS, listWindowOf } from './lists';

const voucherOf = (request: FastifyRequest) => voucherTarget(Number((request.params as { id: string }).id));

/** Proofs of bank transfers: the queue and its history (by status, order number or phone), the file, confirmation (four eyes) or rejection; gateway payments. */
export function consoleVoucherRoutes(app: ApiInstance, { services: { staff, backOffice }, config, look, change }: ConsoleDeps): void {
  app.get(
    ADMIN_ENDPOINTS.vouchers,
    {
      ...consoleRoute('vouchers.list', 'vouchers', () => 'vouchers'),
      schema: { querystring: VoucherListQuery, response: { 200: envelopeOf(Listing(StaffVoucher)) } },
    },
    async (request) => {
      const status = statusOf<VoucherStatus>(request.query.status, (value) => Value.Check(VoucherStatusSchema, value));
      const window = listWindowOf(request.query, LIST_ORDERS.vouchers, config.businessTimezone);
      return look(request, await staff.voucherList(status, window, request.query.q));
    },
  );
  app.get(
    ADMIN_ENDPOINTS.voucherFile,
    { ...consoleRoute('voucher.file', ['vouchers', 'users'], voucherOf), schema: { params: IdParams, response: { 200: FileBytes } } },
    async (request, reply) => {
      const found = await staff.voucherFile(request.params.id);
      if (!found) throw new Refusal(say('proofNotFound'));
      return reply
        .header('Content-Type', MIME_TYPES[found.type])
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'no-store')
        .send(found.bytes);
    },
  );
  app.post(
    ADMIN_ENDPOINTS.confirmVoucher,
    {
      ...consoleRoute('voucher.confirm.ask', 'vouchers', voucherOf),
      schema: { params: IdParams, body: BankRefRequest, response: { 200: envelopeOf(ApprovalAsked) } },
    },
    (request) =>
      change(request, (tx) => backOffice.askVoucherConfirmation(tx, operatorOf(request), request.params.id, request.body.bank_ref)),
  );
  app.post(
    ADMIN_ENDPOINTS.rejectVoucher,
    {
      ...consoleRoute('voucher.reject', 'vouchers', voucherOf),
      schema: { params: IdParams, body: ReasonRequest, response: { 200: envelopeOf(VoucherDecided) } },
    },
    (request) => change(request, (tx) => backOffice.rejectVoucher(tx, request.params.id, request.body.reason)),
  );

  app.get(
    ADMIN_ENDPOINTS.payments,
    {
      ...consoleRoute('payments.list', 'vouchers', () => 'payments'),
      schema: { querystring: PaymentListQuery, response: { 200: envelopeOf(Listing(StaffPayment)) } },
    },
    async (request) => {
      const status = statusOf<PaymentStatus>(request.query.status, (value) => Value.Check(PaymentStatusSchema, value));
      const window = listWindowOf(request.query, LIST_ORDERS.payments, config.businessTimezone);
      return look(request, await staff.payments(status, window));
    },
  );
}
