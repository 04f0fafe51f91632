import type { Static } from '@sinclair/typebox';
import type * as underwriting from './schemas/underwriting';

export { REJECT_REASON_CODES, REJECTION_WORDS_MAX, type RejectReasonCode } from './schemas/reject-reasons';

/** POST /admin/api/loans/:order_no/reject: a reason from the picklist, and words of the reviewer's own. */
export type LoanRejection = Static<typeof underwriting.LoanRejectRequest>;

/** What a reviewer weighs beside the loan: the borrower's identity, credit, history and consents. */
export type Underwriting = Static<typeof underwriting.Underwriting>;
export type BorrowerIdentity = Static<typeof underwriting.BorrowerIdentity>;
/** One earlier loan of the same borrower and how it was repaid. */
export type EarlierLoan = Static<typeof underwriting.EarlierLoan>;
