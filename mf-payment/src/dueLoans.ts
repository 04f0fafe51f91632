import type { Api, LoanSummary, Money } from '@instalment/shared/api';
import { fromFen, isRepayable, owedNow, toFen } from '@instalment/shared/loan';

export interface DueLoan extends LoanSummary {
  /** What is owed now (see `owedNow`): the periods and their total, penalties included. */
  owed: Money;
  owed_periods: number[];
  overdue_days: number;
  penalty: Money;
  /** Some instalment of the loan is covered by a proof under review. */
  under_review: boolean;
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

const sumFen = (values: Money[]) => values.reduce((sum, value) => sum + (toFen(value) ?? 0), 0);

/**
 * Every loan with an instalment to pay, soonest due first, each with what it owes now. The
 * list answer carries no instalments, so each loan is completed from its schedule.
 */
export async function loadDueLoans(api: Api): Promise<DueLoan[]> {
  const due = (await allLoans(api)).filter((loan) => isRepayable(loan.status) && loan.next_due_date);
  const loans = await Promise.all(
    due.map(async (loan): Promise<DueLoan> => {
      const { list } = await api.loan.installments({ order_no: loan.order_no }, { loading: false });
      const owed = owedNow(list);
      return {
        ...loan,
        owed: fromFen(sumFen(owed.map((item) => item.total))),
        owed_periods: owed.map((item) => item.period),
        overdue_days: owed.reduce((max, item) => Math.max(max, item.overdue_days), 0),
        penalty: fromFen(sumFen(owed.map((item) => item.penalty))),
        under_review: list.some((item) => item.under_review),
      };
    }),
  );
  return loans.sort((a, b) => (a.next_due_date ?? '').localeCompare(b.next_due_date ?? '') || b.overdue_days - a.overdue_days);
}
