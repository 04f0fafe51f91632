/**
 * Why a reviewer turns an application down: the picklist's codes. The words of each, in both
 * languages, are the loan catalogue's (`rejectReasonLabel` in `loan/reject-reasons.ts`); the
 * borrower reads them in their own language, with the reviewer's text after.
 */
export const REJECT_REASON_CODES = [
  'incomplete_information',
  'identity_not_verified',
  'income_insufficient',
  'existing_overdue',
  'over_credit_line',
  'suspected_fraud',
  'other',
] as const;
export type RejectReasonCode = (typeof REJECT_REASON_CODES)[number];
/** The most characters of the reviewer's own words the borrower's loan page shows after the reason. */
export const REJECTION_WORDS_MAX = 200;
