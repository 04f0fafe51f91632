import type { DueLoan, DueLoans, MyOverdueLoans } from '@instalment/contract/api';
import { fromFen, isRepayable, owedNow, priceOfPeriods } from '@instalment/contract/loan';
import type { Context } from '../runtime/context';
import { LoanRecords, type LoanRow } from '../repositories/loans';
import type { InstalmentState, Ledger } from './ledger';
import type { LoanService } from './loans';

const sumPenaltyFen = (states: readonly InstalmentState[]) => states.reduce((sum, state) => sum + state.ledger.penaltyFen, 0);

/**
 * Totals across a borrower's loans, read where the data lives: the loans in one query and their
 * schedules through the ledger's batched read, so a borrower with 30 loans costs what one with
 * 1 does. Each loan's figures are the ones its own instalments answer and the cashier give.
 */
export class PortfolioService {
  private readonly records: LoanRecords;

  constructor(
    ctx: Context,
    private readonly loans: LoanService,
    private readonly ledger: Ledger,
  ) {
    this.records = new LoanRecords(ctx.store);
  }

  /** Every loan of the user with its instalments as of today, newest first. */
  private async schedules(userId: number): Promise<Array<{ loan: LoanRow; states: InstalmentState[] }>> {
    const loans = await this.records.allOfUser(userId);
    const states = await this.ledger.statesOfLoans(loans);
    return loans.map((loan) => ({ loan, states: states.get(loan.id) ?? [] }));
  }

  /** Every repayable loan with an instalment to pay, soonest due first, and what it owes now. */
  async due(userId: number): Promise<DueLoans> {
    const list: DueLoan[] = [];
    for (const { loan, states } of await this.schedules(userId)) {
      const summary = this.loans.summary(loan, states);
      if (!isRepayable(summary.status) || summary.next_due_date === null) continue;
      const owedPeriods = owedNow(states.map((state) => state.view)).map((item) => item.period);
      const owed = states.filter((state) => owedPeriods.includes(state.view.period));
      list.push({
        ...summary,
        owed: fromFen(
          priceOfPeriods(
            states.map((state) => state.ledger),
            owedPeriods,
          ),
        ),
        owed_periods: owedPeriods,
        overdue_days: owed.reduce((max, state) => Math.max(max, state.view.overdue_days), 0),
        penalty: fromFen(sumPenaltyFen(owed)),
        under_review: states.some((state) => state.ledger.underReview),
      });
    }
    // On one day, the loan overdue longest comes first.
    return {
      list: list.sort((a, b) => (a.next_due_date ?? '').localeCompare(b.next_due_date ?? '') || b.overdue_days - a.overdue_days),
    };
  }

  /** The loans with overdue instalments, newest first, each with those instalments, and their penalties summed. */
  async overdue(userId: number): Promise<MyOverdueLoans> {
    const list = (await this.schedules(userId))
      .map(({ loan, states }) => ({ loan, overdue: states.filter((state) => state.view.status === 'overdue') }))
      .filter(({ overdue }) => overdue.length > 0);
    return {
      list: list.map(({ loan, overdue }) => ({
        order_no: loan.order_no,
        amount: fromFen(loan.amount_fen),
        instalments: overdue.map((state) => state.view),
      })),
      total_penalty: fromFen(sumPenaltyFen(list.flatMap(({ overdue }) => overdue))),
    };
  }
}
