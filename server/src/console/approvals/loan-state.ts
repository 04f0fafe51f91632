import type { Store } from '../../db/store';
import { Ledger } from '../../services/ledger';
import type { LoanRow, LoanService } from '../../services/loans';

/** What the audit keeps of a loan before and after a console command. */
export const loanState = (loan: LoanRow) => ({
  status: loan.status,
  approved_at: loan.approved_at,
  disbursed_at: loan.disbursed_at,
  disbursement_ref: loan.disbursement_ref,
  reject_code: loan.reject_code,
  reject_reason: loan.reject_reason,
});

/** The loan's lock, taken inside the command's write, so that no payment or sweep runs in between. */
export async function heldLoan<T>(
  loans: LoanService,
  tx: Store,
  orderNo: string,
  work: (held: LoanService, loan: LoanRow) => Promise<T>,
): Promise<T> {
  const loan = await loans.on(tx).byOrderNo(orderNo);
  return tx.write([Ledger.lock(loan.id)], (held) => work(loans.on(held), loan));
}
