import { ADMIN_ENDPOINTS, mayDo, type VoucherStatus } from '@instalment/shared/api';
import {
  ApprovalAsked,
  BankRefRequest,
  envelopeOf,
  FileBytes,
  IdParams,
  Listing,
  ReasonRequest,
  StaffPayment,
  StaffVoucher,
  StatusQuery,
  VoucherDecided,
  VoucherStatus as VoucherStatusSchema,
} from '@instalment/shared/api/schemas';
import { Value } from '@sinclair/typebox/value';
import fs from 'node:fs';
import { operatorOf } from '../../http/admin-auth';
import { Forbidden, Refusal, say } from '../../services/refusals';
import { voucherTarget } from '../../services/staff';
import { MIME_TYPES } from '../../services/uploads';
import type { ApiInstance } from '../deps';
import { look, statusOf, windowOf, type ConsoleDeps } from './act';

const voucherOf = (request: { params: { id: number } }) => voucherTarget(request.params.id);

/** Proofs of bank transfers: the queue, the file, confirmation (four eyes) or rejection; gateway payments. */
export function consoleVoucherRoutes(app: ApiInstance, { services: { staff, backOffice, audit }, guarded, act }: ConsoleDeps): void {
  app.get(
    ADMIN_ENDPOINTS.vouchers,
    { ...guarded, schema: { querystring: StatusQuery, response: { 200: envelopeOf(Listing(StaffVoucher)) } } },
    act('vouchers', 'vouchers.list', false, async (request) => {
      const status = statusOf<VoucherStatus>(request.query.status, (value) => Value.Check(VoucherStatusSchema, value));
      return look('vouchers', await staff.voucherList(status, windowOf(request.query)));
    }),
  );
  app.get(
    ADMIN_ENDPOINTS.voucherFile,
    { ...guarded, schema: { params: IdParams, response: { 200: FileBytes } } },
    async (request, reply) => {
      const operator = operatorOf(request);
      if (!mayDo(operator.roles, 'vouchers') && !mayDo(operator.roles, 'users')) throw new Forbidden(say('operatorForbidden'));
      const found = await staff.voucherFile(request.params.id);
      if (!found) throw new Refusal(say('proofNotFound'));
      await audit.record({ operator, address: request.ip, action: 'voucher.file', target: voucherOf(request), outcome: 'done' });
      return reply
        .header('Content-Type', MIME_TYPES[found.type])
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'no-store')
        .send(fs.createReadStream(found.file));
    },
  );
  app.post(
    ADMIN_ENDPOINTS.confirmVoucher,
    { ...guarded, schema: { params: IdParams, body: BankRefRequest, response: { 200: envelopeOf(ApprovalAsked) } } },
    act(
      'vouchers',
      'voucher.confirm.ask',
      true,
      (request, tx) => backOffice.askVoucherConfirmation(tx, operatorOf(request), request.params.id, request.body.bank_ref),
      voucherOf,
    ),
  );
  app.post(
    ADMIN_ENDPOINTS.rejectVoucher,
    { ...guarded, schema: { params: IdParams, body: ReasonRequest, response: { 200: envelopeOf(VoucherDecided) } } },
    act(
      'vouchers',
      'voucher.reject',
      true,
      (request, tx) => backOffice.rejectVoucher(tx, request.params.id, request.body.reason),
      voucherOf,
    ),
  );

  app.get(
    ADMIN_ENDPOINTS.payments,
    { ...guarded, schema: { querystring: StatusQuery, response: { 200: envelopeOf(Listing(StaffPayment)) } } },
    act('vouchers', 'payments.list', false, async (request) => look('payments', await staff.payments(windowOf(request.query)))),
  );
}
