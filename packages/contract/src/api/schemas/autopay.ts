import { Type } from '@sinclair/typebox';
import { URL_MAX, Text, WORD_MAX } from './bounds';
import { CalendarDate, IsoDateTime, Money, Nullable } from './common';
import { Tally } from './reports';

/**
 * Automatic repayment: the borrower's withholding agreement with Alipay, which charges each due
 * amount of their loans on its due date. `none`: never signed; `pending`: sent to Alipay's page,
 * its notify not come yet; `active`: signed, charges go through it; `ended`: ended by the borrower
 * (here or in Alipay) or the lender; `failed`: Alipay says it was never signed.
 */
export const AutopayState = Type.Union([
  Type.Literal('none'),
  Type.Literal('pending'),
  Type.Literal('active'),
  Type.Literal('ended'),
  Type.Literal('failed'),
]);

/** A charge: in flight (or its outcome being asked), paid, failed at Alipay, or refused by a cap before it reached Alipay. */
export const AutopayChargeState = Type.Union([
  Type.Literal('charging'),
  Type.Literal('paid'),
  Type.Literal('failed'),
  Type.Literal('refused'),
]);

export const AutopayCharge = Type.Object({
  order_no: Type.String(),
  /** The latest due date it pays (overdue instalments of the loan go with it). */
  due_date: CalendarDate,
  attempt: Type.Integer(),
  amount: Money,
  state: AutopayChargeState,
  /** Why it failed or was refused: `balance`, `agreement`, `charge_cap`, `monthly_cap`, or Alipay's code. */
  reason: Nullable(Type.String()),
  at: IsoDateTime,
});

/** GET /api/autopay: the borrower's agreement, and how charging works here. */
export const Autopay = Type.Object({
  /** Whether the lender charges automatically at all (AUTOPAY): off, nothing can be signed. */
  offered: Type.Boolean(),
  state: AutopayState,
  /** The lender stopped charging the agreement for now (finance paused it): the borrower repays in the app until it resumes. */
  paused: Type.Boolean(),
  /** The version of the autopay terms the borrower confirmed, or, before they did, the version in force. */
  terms_version: Type.String(),
  signed_at: Nullable(IsoDateTime),
  ended_at: Nullable(IsoDateTime),
  /** The hours of a due date (and of the day after, for a retry) a charge is made at, in `time_zone`. */
  hours: Type.Array(Type.Integer()),
  time_zone: Type.String(),
  /** The most one charge, and one month's charges, may take. */
  charge_cap: Money,
  monthly_cap: Money,
  /** The latest charges, newest first. */
  charges: Type.Array(AutopayCharge),
});

/** POST /api/autopay/sign?return_url=: where the app comes back after Alipay's signing page. */
export const AutopaySignQuery = Type.Object({ return_url: Type.Optional(Text(URL_MAX)) });

/** The complete URL of Alipay's signing page, for the browser to go to. */
export const AutopaySign = Type.Object({ sign_url: Type.String() });

/** POST /dev/run-job: runs a background job now and answers when it is done. */
export const RunJobRequest = Type.Object({ job: Type.Literal('autopay') });
/** How many charges the run made (each due amount once, however many runs). */
export const JobRun = Type.Object({ charged: Type.Integer() });

/** The sandbox's signing page (never in production): the borrower confirms or cancels. */
export const SandboxAgreementQuery = Type.Object({
  external_agreement_no: Type.Optional(Text(URL_MAX)),
  return_url: Type.Optional(Text(URL_MAX)),
});
export const SandboxAgreementForm = Type.Composite([SandboxAgreementQuery, Type.Object({ decision: Type.Optional(Text(WORD_MAX)) })]);

/**
 * The console's word on an agreement's change: each state it moved to (`pending`: the borrower
 * asked to sign; `active`: signed; `failed`: never signed; `ended`), and finance's `paused` and
 * `resumed`.
 */
export const AutopayEvent = Type.Union([
  Type.Literal('pending'),
  Type.Literal('active'),
  Type.Literal('failed'),
  Type.Literal('ended'),
  Type.Literal('paused'),
  Type.Literal('resumed'),
]);

export const AutopayHistoryEntry = Type.Object({
  event: AutopayEvent,
  at: IsoDateTime,
  /** The operator who did it; null: the borrower or Alipay. */
  operator: Nullable(Type.String()),
});

/**
 * GET /admin/api/users/:id/autopay: a borrower's agreement as staff see it, its history oldest
 * first and its latest charges newest first. `paused`: finance stopped its charges (the agreement
 * stays signed at Alipay) until it resumes them.
 */
export const ConsoleAutopay = Type.Object({
  state: AutopayState,
  paused: Type.Boolean(),
  signed_at: Nullable(IsoDateTime),
  ended_at: Nullable(IsoDateTime),
  history: Type.Array(AutopayHistoryEntry),
  charges: Type.Array(AutopayCharge),
});

/** GET /admin/api/payments/autopay?date=: one business day's run (today when absent). */
export const AutopayRunQuery = Type.Object({ date: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 })) });

/**
 * A charge the run made that day, and whose: the name and phone masked for roles without
 * `personalData`; `paused`: whether finance has paused the borrower's autopay now.
 */
export const AutopayRunCharge = Type.Composite([
  AutopayCharge,
  Type.Object({ user_id: Type.Integer(), borrower: Type.String(), mobile: Type.String(), paused: Type.Boolean() }),
]);

/**
 * The due-date run of one business day. `due`: loans of borrowers with an active agreement that
 * fall due that day, at what falls due (before any penalty); `paused`: of those, the ones whose
 * autopay finance paused, not charged. The charges made that day (retries of the day before's
 * due dates with them), each attempt once: `charged` paid, `failed` at Alipay (tried again while
 * attempts and charge hours are left), `pending` in flight or its outcome still being asked,
 * `refused` by a cap before it reached Alipay.
 */
export const AutopayRun = Type.Object({
  date: CalendarDate,
  time_zone: Type.String(),
  due: Tally,
  paused: Tally,
  charged: Tally,
  failed: Tally,
  pending: Tally,
  refused: Tally,
  charges: Type.Array(AutopayRunCharge),
});
