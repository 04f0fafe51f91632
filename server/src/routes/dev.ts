import { DEV_ENDPOINTS } from '@instalment/contract/api';
import {
  AgeLoanRequest,
  ClockAnswer,
  ClockRequest,
  envelopeOf,
  ExpireTokensRequest,
  LoanReviewed,
  LoanReviewRequest,
  JobRun,
  NoData,
  OutboxMessage,
  OutboxQuery,
  RunJobRequest,
  TokensExpired,
  ProofReviewed,
  ProofReviewRequest,
} from '@instalment/contract/api/schemas';
import { validatePhone } from '@instalment/contract/validation';
import { Type } from '@sinclair/typebox';
import { iso } from '../runtime/context';
import { ok } from '../http/envelope';
import { check } from '../http/input';
import type { RoutePlugin } from './deps';
import { sentenceIn } from '../http/sentence';
import { Refusal, sentenceOf } from '../services/refusals';

/** How many messages the outbox lists: the newest. */
const OUTBOX_LENGTH = 50;

/**
 * Development-only helpers (registered only with DEV_ROUTES=1, never in production), so that a browser or
 * a test can finish flows that otherwise need a phone, a reviewer or a month of waiting.
 */
export const devRoutes: RoutePlugin = async (app, { services, devClock }) => {
  /**
   * The SMS messages "sent" by the development provider, newest first; ?mobile= filters. The codes
   * are the outbox's; the autopay notices are on record in the reminders' table, and listed here too
   * so that a person or a journey can read what the borrower was told.
   */
  app.get(
    DEV_ENDPOINTS.smsOutbox,
    { schema: { querystring: OutboxQuery, response: { 200: envelopeOf(Type.Array(OutboxMessage)) } } },
    async (request) => {
      if (!services.outbox) throw new Refusal(sentenceOf('noOutbox'));
      const given = request.query.mobile?.trim() ?? '';
      const mobile = given === '' ? null : check(validatePhone, given);
      const [codes, notices] = await Promise.all([
        services.outbox.list(mobile, OUTBOX_LENGTH),
        services.reminders.autopayNotices(mobile, OUTBOX_LENGTH),
      ]);
      return ok([...codes, ...notices].sort((a, b) => b.createtime - a.createtime).slice(0, OUTBOX_LENGTH));
    },
  );

  /** Every token of that user expires now, as if the session had run out on the server. */
  app.post(
    DEV_ENDPOINTS.expireTokens,
    { schema: { body: ExpireTokensRequest, response: { 200: envelopeOf(TokensExpired) } } },
    async (request) => {
      const user = await services.users.byMobile(check(validatePhone, request.body.mobile.trim()));
      if (!user) throw new Refusal(sentenceOf('noUserWithPhone'));
      return ok({ expired: await services.tokens.expireAllOf(user.id) }, sentenceIn(request, 'tokensExpired'));
    },
  );

  app.post(
    DEV_ENDPOINTS.reviewLoan,
    { schema: { body: LoanReviewRequest, response: { 200: envelopeOf(LoanReviewed) } } },
    async (request) => ok({ status: await services.loans.review(request.body.order_no, request.body.decision) }),
  );

  app.post(
    DEV_ENDPOINTS.reviewProof,
    { schema: { body: ProofReviewRequest, response: { 200: envelopeOf(ProofReviewed) } } },
    async (request) => ok({ status: await services.vouchers.review(request.body.voucher_id, request.body.decision) }),
  );

  app.post(DEV_ENDPOINTS.ageLoan, { schema: { body: AgeLoanRequest, response: { 200: envelopeOf(NoData) } } }, async (request) => {
    await services.loans.age(request.body.order_no, request.body.days, request.body.minutes ?? 0);
    return ok(null, sentenceIn(request, 'loanAged'));
  });

  /** This process's clock, moved forward: a day turns over for what it prices, charges and dates from now on. */
  app.post(DEV_ENDPOINTS.clock, { schema: { body: ClockRequest, response: { 200: envelopeOf(ClockAnswer) } } }, async (request) => {
    if (!devClock) throw new Refusal(sentenceOf('clockKept'));
    return ok({ now: iso(devClock.advance(request.body.advance_ms)) });
  });

  /** The due-date charge now, as if a charge hour had just come; answers when the run is done. */
  app.post(DEV_ENDPOINTS.runJob, { schema: { body: RunJobRequest, response: { 200: envelopeOf(JobRun) } } }, async () =>
    ok({ charged: await services.autopay.run(true) }),
  );
};
