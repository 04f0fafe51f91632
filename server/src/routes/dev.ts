import { DEV_ENDPOINTS } from '@instalment/contract/api';
import {
  AgeLoanRequest,
  envelopeOf,
  ExpireTokensRequest,
  LoanReviewed,
  LoanReviewRequest,
  NoData,
  OutboxQuery,
  SmsOutboxEntry,
  TokensExpired,
  VoucherReviewed,
  VoucherReviewRequest,
} from '@instalment/contract/api/schemas';
import { validatePhone } from '@instalment/contract/validation';
import { Type } from '@sinclair/typebox';
import { ok } from '../http/envelope';
import { check } from '../http/input';
import type { RoutePlugin } from './deps';
import { said } from '../http/say';
import { Refusal, say } from '../services/refusals';

/**
 * Development-only helpers (registered only with DEV_ROUTES=1, never in production), so that a browser or
 * a test can finish flows that otherwise need a phone, a reviewer or a month of waiting.
 */
export const devRoutes: RoutePlugin = async (app, { services }) => {
  /** The SMS messages "sent" by the development provider, newest first; ?mobile= filters. */
  app.get(
    DEV_ENDPOINTS.smsOutbox,
    { schema: { querystring: OutboxQuery, response: { 200: envelopeOf(Type.Array(SmsOutboxEntry)) } } },
    async (request) => {
      if (!services.outbox) throw new Refusal(say('noOutbox'));
      const mobile = request.query.mobile?.trim() ?? '';
      return ok(await services.outbox.list(mobile === '' ? null : check(validatePhone, mobile)));
    },
  );

  /** Every token of that user expires now, as if the session had run out on the server. */
  app.post(
    DEV_ENDPOINTS.expireTokens,
    { schema: { body: ExpireTokensRequest, response: { 200: envelopeOf(TokensExpired) } } },
    async (request) => {
      const user = await services.users.byMobile(check(validatePhone, request.body.mobile.trim()));
      if (!user) throw new Refusal(say('noUserWithPhone'));
      return ok({ expired: await services.tokens.expireAllOf(user.id) }, said(request, 'tokensExpired'));
    },
  );

  app.post(
    DEV_ENDPOINTS.reviewLoan,
    { schema: { body: LoanReviewRequest, response: { 200: envelopeOf(LoanReviewed) } } },
    async (request) => ok({ status: await services.loans.review(request.body.order_no, request.body.decision) }),
  );

  app.post(
    DEV_ENDPOINTS.reviewVoucher,
    { schema: { body: VoucherReviewRequest, response: { 200: envelopeOf(VoucherReviewed) } } },
    async (request) => ok({ status: await services.vouchers.review(request.body.voucher_id, request.body.decision) }),
  );

  app.post(DEV_ENDPOINTS.ageLoan, { schema: { body: AgeLoanRequest, response: { 200: envelopeOf(NoData) } } }, async (request) => {
    await services.loans.age(request.body.order_no, request.body.days, request.body.minutes ?? 0);
    return ok(null, said(request, 'loanAged'));
  });
};
