import { Type } from '@sinclair/typebox';
import { MOBILE_LENGTH, NUMBER_MAX, Text } from './bounds';
import { Id, WholeNumber } from './common';
import { LoanStatus, ProofStatus } from './loan';
import { SmsEvent } from './user';

/**
 * The development helpers' calls (DEV_ROUTES=1 only, never in production), for browsers and
 * tests that finish flows which otherwise need a phone, a reviewer or a month of waiting.
 */

/** GET /dev/sms-outbox?mobile=: one phone's codes, or everyone's. */
export const OutboxQuery = Type.Object({ mobile: Type.Optional(Text(MOBILE_LENGTH)) });

/** One message of the development SMS outbox. */
export const SmsOutboxEntry = Type.Object({ mobile: Type.String(), event: SmsEvent, code: Type.String(), createtime: Type.Integer() });

/** The automatic repayment notices: "will be charged automatically", charged, and the final failure. */
export const AutopayNotice = Type.Union([Type.Literal('autopay_due'), Type.Literal('autopay_charged'), Type.Literal('autopay_failed')]);

/** An automatic repayment notice as the outbox lists it: on record in the reminders' table, about one instalment. */
export const OutboxNotice = Type.Object({
  mobile: Type.String(),
  event: AutopayNotice,
  order_no: Type.String(),
  period: Type.Integer(),
  createtime: Type.Integer(),
});

/** GET /dev/sms-outbox: the codes and the autopay notices "sent", newest first. */
export const OutboxMessage = Type.Union([SmsOutboxEntry, OutboxNotice]);

/** POST /dev/expire-tokens: every token of that phone's account expires now. */
export const ExpireTokensRequest = Type.Object({ mobile: Text(MOBILE_LENGTH) });
export const TokensExpired = Type.Object({ expired: Type.Integer() });

export const ReviewDecision = Type.Union([Type.Literal('approve'), Type.Literal('reject')]);

/** POST /dev/review-loan: the reviewer's decision, for APPROVAL_MODE=manual. */
export const LoanReviewRequest = Type.Object({ order_no: Text(NUMBER_MAX), decision: ReviewDecision });
export const LoanReviewed = Type.Object({ status: LoanStatus });

/** POST /dev/review-voucher: the reviewer's decision on a payment proof. */
export const ProofReviewRequest = Type.Object({ voucher_id: Id, decision: ReviewDecision });
export const ProofReviewed = Type.Object({ status: ProofStatus });

/**
 * POST /dev/age-loan: the loan's dates move that many days (and minutes) into the past, so
 * instalments fall overdue, or a loan is made at a chosen hour (23:30 UTC is the next day in China).
 */
export const AgeLoanRequest = Type.Object({
  order_no: Text(NUMBER_MAX),
  days: WholeNumber(1, 3650),
  minutes: Type.Optional(WholeNumber(0, 1439)),
});

/**
 * POST /dev/clock: this API process's clock moves forward (never back), so that a day turns over
 * while a payment is on its way; the answer is the process's time now. Only this process: another
 * on the same database keeps the real time.
 */
export const ClockRequest = Type.Object({ advance_ms: WholeNumber(1, 400 * 86_400_000) });
export const ClockAnswer = Type.Object({ now: Type.String({ format: 'date-time' }) });
