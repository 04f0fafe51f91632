import type { Api, LoanSummary, Money } from '@instalment/shared/api';
import { isRepayable } from '@instalment/shared/loan';

export interface DueLoan extends LoanSummary {
  overdue_days: number;
  penalty: Money;
}

/** Enough pages for any borrower; stops a misbehaving server from keeping the loop alive. */
const MAX_PAGES = 50;

async function allLoans(api: Api): Promise<LoanSummary[]> {
  const loans: LoanSummary[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const result = await api.loan.myLoans({ page }, page === 1 ? undefined : { loading: false });
    loans.push(...result.list);
    if (result.list.length === 0 || loans.length >= result.total) break;
  }
  return loans;
}

/**
 * Every loan with an instalment to pay, soonest due first. The list answer carries no penalty,
 * so overdue loans are completed from their detail.
 */
export async function loadDueLoans(api: Api): Promise<DueLoan[]> {
  const due = (await allLoans(api)).filter((loan) => isRepayable(loan.status) && loan.next_due_date);
  const loans = await Promise.all(
    due.map(async (loan): Promise<DueLoan> => {
      if (loan.status !== 'overdue') return { ...loan, overdue_days: 0, penalty: '0.00' };
      const detail = await api.loan.orderDetail({ order_no: loan.order_no }, { loading: false });
      return { ...loan, overdue_days: detail.overdue_days, penalty: detail.penalty };
    }),
  );
  return loans.sort((a, b) => (a.next_due_date ?? '').localeCompare(b.next_due_date ?? '') || b.overdue_days - a.overdue_days);
}
