import type { InstalmentStatus, LoanStatus } from '../api/types/loan';
import { type Locale, translator } from '@instalment/contract/i18n';
import { loanMessages } from './messages';

/**
 * The loan's life, in one place:
 *
 *   pending ──approve──► approved ──disburse──► repaying ──an instalment falls overdue──► overdue
 *      │                    │                    │    ▲                                     │
 *      └──reject──► rejected ◄──reject──┘         │    └──every overdue instalment paid──────┤
 *                                                └──────every instalment paid──► settled ◄──┘
 *
 * rejected and settled are final. Rule-based lending (APPROVAL_MODE auto or delay) approves and
 * disburses in one step.
 */
export const LOAN_TRANSITIONS: Readonly<Record<LoanStatus, readonly LoanStatus[]>> = {
  pending: ['approved', 'repaying', 'rejected'],
  approved: ['repaying', 'rejected'],
  rejected: [],
  repaying: ['overdue', 'settled'],
  overdue: ['repaying', 'settled'],
  settled: [],
};

export function canTransition(from: LoanStatus, to: LoanStatus): boolean {
  return from === to || LOAN_TRANSITIONS[from].includes(to);
}

/** The status a disbursed loan has, given the state of its instalments. */
export function statusFromInstalments(statuses: readonly InstalmentStatus[]): LoanStatus {
  if (statuses.every((status) => status === 'paid')) return 'settled';
  return statuses.includes('overdue') ? 'overdue' : 'repaying';
}

/** Whether a loan is still open: in review, or owing (rejected and settled are final). It keeps its account from closing. */
export function isLoanOpen(status: LoanStatus): boolean {
  return LOAN_TRANSITIONS[status].length > 0;
}

/** Statuses in which the borrower owes instalments. */
export function isRepayable(status: LoanStatus): boolean {
  return status === 'repaying' || status === 'overdue';
}

/** A status in words, from the loan catalogue; the server sends the English one in `status_label`. */
export function loanStatusLabel(status: LoanStatus, locale: Locale = 'en'): string {
  return translator(loanMessages, locale)(`status_${status}`);
}
