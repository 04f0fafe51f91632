import { Type } from '@sinclair/typebox';
import { REJECT_REASON_CODES } from './reject-reasons';
import { REASON_MAX, Text } from './bounds';
import { IsoDateTime, Money, Nullable } from './common';
import { LoanPurpose, LoanStatus } from './loan';
import { CreditLine } from './repayment';
import { Consent } from './user';

/** What a reviewer weighs and how they say no (issue 37). */

export const RejectReasonCode = Type.Union(REJECT_REASON_CODES.map((code) => Type.Literal(code)));

/** `reason`: the reviewer's own words, required only with `other` (the borrower reads them after the reason's label). */
export const LoanRejectRequest = Type.Object({ reason_code: RejectReasonCode, reason: Type.Optional(Text(REASON_MAX)) });

/** Who applied, as the application names them. */
export const BorrowerIdentity = Type.Object({
  real_name: Type.String(),
  /** Masked: first 3 and last 4 characters. */
  id_card: Type.String(),
  /** Full years on the application's day, from the birth date in the ID number; null when the number carries none. */
  age: Nullable(Type.Integer()),
  /** Whether that age is inside the product's (`BORROWER_AGE`); false when it is not known. */
  age_allowed: Type.Boolean(),
  /**
   * Whether the name and ID number are the ones the account is bound to (the account's first
   * application binds them). No third-party real-name check is connected, so this is the only one.
   */
  matches_account: Type.Boolean(),
});

/** One earlier loan of the same borrower and how it was repaid. */
export const EarlierLoan = Type.Object({
  order_no: Type.String(),
  status: LoanStatus,
  amount: Money,
  term: Type.Integer(),
  created_at: IsoDateTime,
  paid_on_time: Type.Integer(),
  paid_late: Type.Integer(),
  /** The most days any instalment was (or is) overdue, the grace days not counted. */
  worst_overdue_days: Type.Integer(),
});

export const Underwriting = Type.Object({
  identity: BorrowerIdentity,
  purpose: LoanPurpose,
  /** The price the borrower signed; `apr_bp` beside it is the APR they were shown. */
  monthly_rate_bp: Type.Integer(),
  monthly_fee_bp: Type.Integer(),
  /** The account's credit line now, this application's amount included while it is pending. */
  credit: CreditLine,
  /** The borrower's loans applied for before this one, newest first. */
  earlier_loans: Type.Array(EarlierLoan),
  /** The texts the account agreed to, with their versions, oldest first. */
  consents: Type.Array(Consent),
  /** The picklist's reason of a rejected application; `reject_reason` holds the reviewer's words. */
  reject_code: Type.Union([RejectReasonCode, Type.Null()]),
});
