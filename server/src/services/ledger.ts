import type { Instalment, LoanStatus, PayoffQuote } from '@instalment/contract/api';
import {
  canTransition,
  checkPeriodSelection,
  fromFen,
  isRepayable,
  type LedgerInstalment,
  loanMessages,
  overdueDays,
  parsePeriods,
  payablePeriods,
  payoffQuote,
  type PayoffQuoteFen,
  penaltyFen,
  priceOfPeriods,
  statusFromInstalments,
} from '@instalment/contract/loan';
import { translator } from '@instalment/contract/i18n';
import { iso, type Context } from '../runtime/context';
import { LoanRecords, type InstalmentRow, type LoanRow } from '../repositories/loans';
import { PaymentRecords } from '../repositories/payments';
import { ProofRecords } from '../repositories/proofs';
import type { Store } from '../db/store';
import type { ServerMessageKey } from '../i18n/server';
import { Refusal, refusedAs, sentenceOf } from './refusals';
import { businessDay } from './business-time';

/** An instalment as of a day: its wire form and the ledger's figures in fen. */
export interface InstalmentState {
  view: Instalment;
  ledger: LedgerInstalment;
}

/** What an instalment's figures as of a day need of its loan. */
type LedgerLoan = Pick<LoanRow, 'id' | 'grace_days' | 'penalty_bp'>;

/** What is being paid: chosen instalments, or the whole loan at the payoff quote. */
export type Selection = { payoff: false; periods: readonly number[] } | { payoff: true };

export interface Price {
  periods: number[];
  amountFen: number;
  items: InstalmentState[];
  quote: PayoffQuoteFen | null;
}

const NOTHING_TO_PAY: Partial<Record<LoanStatus, ServerMessageKey>> = {
  pending: 'nothingToPayPending',
  approved: 'nothingToPayApproved',
  rejected: 'nothingToPayRejected',
  settled: 'nothingToPaySettled',
};

/**
 * The repayment ledger: the one place that decides what a loan owes, for which instalments, on
 * which day, and the only writer of settlements. Cashier payments, transfer proofs and payoffs
 * all settle through `settle`, which prices the selection again and settles each instalment
 * once. The rules themselves are in `@instalment/contract/loan` (`ledger.ts`), where the app reads them too.
 */
/** A payoff quote as the borrower reads it: in yuan, as of a day. */
export const quoteView = (orderNo: string, asOf: string, quote: PayoffQuoteFen): PayoffQuote => ({
  order_no: orderNo,
  as_of: asOf,
  principal: fromFen(quote.principalFen),
  interest: fromFen(quote.interestFen),
  fee: fromFen(quote.feeFen),
  penalty: fromFen(quote.penaltyFen),
  total: fromFen(quote.totalFen),
});

export class Ledger {
  private readonly loans: LoanRecords;
  private readonly vouchers: ProofRecords;
  private readonly payments: PaymentRecords;

  constructor(private readonly ctx: Context) {
    this.loans = new LoanRecords(ctx.store);
    this.vouchers = new ProofRecords(ctx.store);
    this.payments = new PaymentRecords(ctx.store);
  }

  /** The same ledger on a write's transaction. */
  on(tx: Store): Ledger {
    return new Ledger({ ...this.ctx, store: tx });
  }

  /** The lock every write that prices or settles a loan's instalments holds. */
  // Stryker disable next-line BlockStatement: SQLite, where this run goes, takes no named lock (BEGIN IMMEDIATE serializes every write).
  static lock(loanId: number): string {
    // Stryker disable next-line StringLiteral: SQLite, where this run goes, takes no named lock (BEGIN IMMEDIATE serializes every write).
    return `loan:${loanId}`;
  }

  today(): string {
    return businessDay(this.ctx, this.ctx.now());
  }

  /** The schedule as of `today`: unpaid instalments past their grace accrue a penalty; paid ones show what they were settled for. */
  async states(loan: LoanRow, today = this.today()): Promise<InstalmentState[]> {
    return (await this.statesOfLoans([loan], today)).get(loan.id) ?? [];
  }

  /**
   * The schedules of several loans in two queries (a page of "my loans" costs the same for 12
   * loans or 500); in one when the caller has no use for which instalments are under review.
   */
  async statesOfLoans(loans: readonly LedgerLoan[], today = this.today(), reviews = true): Promise<Map<number, InstalmentState[]>> {
    const ids = loans.map((loan) => loan.id);
    // Periods covered by proofs waiting for review: reserved, not payable.
    // Stryker disable next-line ArrayDeclaration: without reviews no proof is read, and a made-up one names no loan of these.
    const [rows, proofs] = await Promise.all([this.loans.instalmentsOf(ids), reviews ? this.vouchers.pendingOf(ids) : []]);
    const reserved = new Map<number, Set<number>>();
    for (const proof of proofs) {
      const periods = reserved.get(proof.loan_id) ?? new Set<number>();
      // Stryker disable next-line ArrayDeclaration: a proof's periods were written by formatPeriods and always parse.
      for (const period of parsePeriods(proof.periods) ?? []) periods.add(period);
      reserved.set(proof.loan_id, periods);
    }
    const byId = new Map(loans.map((loan) => [loan.id, loan]));
    const states = new Map<number, InstalmentState[]>(loans.map((loan) => [loan.id, []]));
    for (const row of rows) {
      states.get(row.loan_id)!.push(stateOf(row, byId.get(row.loan_id)!, today, reserved.get(row.loan_id)));
    }
    return states;
  }

  /** The status a loan has by its instalments (pending and rejected have none). */
  statusOf(loan: Pick<LoanRow, 'status'>, states: readonly InstalmentState[]): LoanStatus {
    // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: a loan's instalments are written when its money
    // is sent, so pending, approved and rejected loans have none and either half of this test answers for them alone. (The whole
    // test turned off would make a pending loan read settled, which statuses.test.ts catches; this line leaves that one out too.)
    if (loan.status === 'pending' || loan.status === 'approved' || loan.status === 'rejected' || states.length === 0) return loan.status;
    return statusFromInstalments(states.map((state) => state.view.status));
  }

  /** The loan's instalments, or a refusal when it owes nothing (pending, rejected, settled). */
  async owing(loan: LoanRow, today = this.today()): Promise<InstalmentState[]> {
    const states = await this.states(loan, today);
    // Stryker disable next-line LogicalOperator,ArrowFunction: a loan is repayable exactly while an instalment is unpaid (one without any is neither): either half answers alone.
    if (!isRepayable(this.statusOf(loan, states)) || states.every((state) => state.ledger.paid)) {
      // Stryker disable next-line StringLiteral: every loan that owes nothing has a message of its own; a repaid one is stored settled by the write that paid its last instalment.
      throw new Refusal(sentenceOf(NOTHING_TO_PAY[loan.status] ?? 'nothingToPaySettled'));
    }
    return states;
  }

  /**
   * What paying `selection` costs on `today`, or a refusal that says why it cannot be paid:
   * the loan owes nothing, an instalment is paid or under review, or the selection skips one.
   * `states` are the loan's instalments on `today`, when the caller has already read them.
   */
  async price(loan: LoanRow, selection: Selection, today = this.today(), known?: InstalmentState[]): Promise<Price> {
    const states = known ?? (await this.owing(loan, today));
    const unpaid = states.filter((state) => !state.ledger.paid);
    const ledger = states.map((state) => state.ledger);
    if (selection.payoff) {
      if (unpaid.some((state) => state.ledger.underReview)) {
        throw new Refusal(sentenceOf('payoffWhileReview'));
      }
      const quote = payoffQuote(ledger, {
        amountFen: loan.amount_fen,
        monthlyRateBp: loan.monthly_rate_bp,
        startDate: businessDay(this.ctx, loan.disbursed_at!),
        today,
      });
      return { periods: unpaid.map((state) => state.view.period), amountFen: quote.totalFen, items: unpaid, quote };
    }
    const periods = [...new Set(selection.periods)].sort((a, b) => a - b);
    for (const period of periods) {
      const state = states.find((candidate) => candidate.view.period === period);
      if (state?.ledger.paid) throw new Refusal(sentenceOf('instalmentPaid', { period }));
      if (state?.ledger.underReview) throw new Refusal(sentenceOf('instalmentUnderReview', { period }));
    }
    const problem = checkPeriodSelection(payablePeriods(ledger), periods);
    if (problem) throw new Refusal((locale) => translator(loanMessages, locale)(problem));
    return {
      periods,
      amountFen: priceOfPeriods(ledger, periods),
      items: states.filter((state) => periods.includes(state.view.period)),
      quote: null,
    };
  }

  /**
   * The most of `wanted` that `amountFen` pays for on `today`: all of it when its price has not
   * risen; else the longest run of its unpaid instalments, earliest first, that the ledger
   * accepts and the money covers. Null when it covers nothing. `known`: as for `price`.
   */
  async coveredBy(
    loan: LoanRow,
    wanted: Selection,
    amountFen: number,
    today = this.today(),
    known?: InstalmentState[],
  ): Promise<{ selection: Selection; amountFen: number } | null> {
    const priced = await this.priceIfPayable(loan, wanted, today, known);
    if (priced && priced.amountFen <= amountFen) return { selection: wanted, amountFen: priced.amountFen };
    const states = known ?? (await this.states(loan, today));
    const candidates = states
      .filter((state) => !state.ledger.paid && !state.ledger.underReview)
      .map((state) => state.view.period)
      .filter((period) => wanted.payoff || wanted.periods.includes(period));
    // Stryker disable next-line EqualityOperator: a run of no instalment is refused by the ledger (checkPeriodSelection) and prices as null.
    for (let count = candidates.length; count > 0; count -= 1) {
      const selection: Selection = { payoff: false, periods: candidates.slice(0, count) };
      const price = await this.priceIfPayable(loan, selection, today, known);
      if (price && price.amountFen <= amountFen) return { selection, amountFen: price.amountFen };
    }
    return null;
  }

  /** `price`, or null when the ledger refuses the selection; a failure to read the books still fails. */
  private priceIfPayable(loan: LoanRow, selection: Selection, today: string, known: InstalmentState[] | undefined): Promise<Price | null> {
    return this.price(loan, selection, today, known).catch(refusedAs(null));
  }

  /** What settling the whole loan costs today (GET /api/loan/payoff). */
  async payoffQuote(loan: LoanRow): Promise<PayoffQuote> {
    const today = this.today();
    return quoteView(loan.order_no, today, (await this.price(loan, { payoff: true }, today)).quote!);
  }

  /**
   * Settles `selection` at `atMs`, priced as of `pricedOn` (the day a proof was uploaded, or
   * today): records what each instalment was settled for, voids other open payments that
   * covered them, and moves the loan on. Each instalment is settled once: an instalment that
   * was settled meanwhile makes the whole settlement fail, and the caller's transaction with it.
   * `known`: the loan's instalments on `pricedOn` (`owing`), read with `loan` under the loan's
   * lock in the caller's write, which this one joins.
   */
  async settle(
    loan: LoanRow,
    selection: Selection,
    paidBy: string,
    atMs: number,
    pricedOn = businessDay(this.ctx, atMs),
    known?: InstalmentState[],
  ): Promise<Price> {
    // Stryker disable next-line ArrayDeclaration: SQLite, where this run goes, takes no named lock (BEGIN IMMEDIATE serializes every write).
    const price = await this.ctx.store.write([Ledger.lock(loan.id)], (tx) =>
      this.on(tx).settleHeld(loan, selection, paidBy, atMs, pricedOn, known),
    );
    // Stryker disable next-line all: a metric's label, which no money rule reads
    this.ctx.metrics.settlements.inc({ paid_by: paidBy.split(':')[0] }, price.periods.length);
    return price;
  }

  private async settleHeld(
    loan: LoanRow,
    selection: Selection,
    paidBy: string,
    atMs: number,
    pricedOn: string,
    known: InstalmentState[] | undefined,
  ): Promise<Price> {
    const states = known ?? (await this.owing(loan, pricedOn));
    const price = await this.price(loan, selection, pricedOn, states);
    const parts = new Map(price.quote?.parts.map((part) => [part.period, part]));
    for (const item of price.items) {
      const part = parts.get(item.view.period);
      const charged = part ?? { interestFen: item.ledger.interestFen, feeFen: item.ledger.feeFen, penaltyFen: item.ledger.penaltyFen };
      const settled = await this.loans.settleInstalment(loan.id, item.view.period, {
        paid_at: atMs,
        penalty_fen: charged.penaltyFen,
        overdue_days: item.view.overdue_days,
        paid_interest_fen: charged.interestFen,
        paid_fee_fen: charged.feeFen,
        paid_by: paidBy,
      });
      if (!settled) throw new Error(`instalment ${item.view.period} of loan ${loan.id} was settled twice`);
    }
    await this.voidOpenPayments(loan.id, price.periods, paidBy);
    // The schedule as it now stands, without reading it again: what was just settled is paid, the rest as it was.
    const settled = new Set(price.periods);
    const after = states.map((state) =>
      settled.has(state.view.period) ? { ...state, view: { ...state.view, status: 'paid' as const } } : state,
    );
    const status = this.statusOf(loan, after);
    if (status === 'settled') await this.loans.markSettled(loan.id, atMs);
    // A loan read under its lock (with `known`) is stored with the status it has: nothing to write when it stays.
    else if (canTransition(loan.status, status) && !(known && status === loan.status)) await this.loans.setStatus(loan.id, status);
    return price;
  }

  /** Open payments covering settled instalments can never be paid: they are void (the paying one excepted). */
  private async voidOpenPayments(loanId: number, periods: readonly number[], paidBy: string): Promise<void> {
    for (const payment of await this.payments.openOf(loanId)) {
      // Stryker disable next-line StringLiteral: no payment's number is empty; voided, the paying one is marked paid right after, in the same write.
      if (paidBy === `payment:${payment.payment_no}`) continue;
      // A payoff's periods are every instalment unpaid when it opened: its flag says at once what its periods say too.
      // Stryker disable next-line ArrayDeclaration,ConditionalExpression: periods written by formatPeriods always parse, and a payoff's (above) leave its flag nothing of its own to decide.
      const covers = payment.payoff === 1 || (parsePeriods(payment.periods) ?? []).some((period) => periods.includes(period));
      if (covers) await this.payments.setStatus(payment.id, 'void');
    }
  }
}

/** One instalment as of `today`, for the ledger's rules (`ledger`) and for the app (`view`). */
function stateOf(row: InstalmentRow, loan: LedgerLoan, today: string, reserved: ReadonlySet<number> | undefined): InstalmentState {
  const paid = row.paid_at !== null;
  const days = paid ? row.overdue_days : overdueDays(row.due_date, today, loan.grace_days);
  const penalty = paid ? row.penalty_fen : penaltyFen(row.principal_fen + row.interest_fen, days, loan.penalty_bp);
  const interest = paid ? (row.paid_interest_fen ?? row.interest_fen) : row.interest_fen;
  // Stryker disable next-line LogicalOperator: the fee paid is never NULL (migration 003 filled older rows) and is the fee or 0 (a payoff's months to come), where && answers the same.
  const fee = paid ? (row.paid_fee_fen ?? row.fee_fen) : row.fee_fen;
  const underReview = !paid && (reserved?.has(row.period) ?? false);
  return {
    ledger: {
      period: row.period,
      dueDate: row.due_date,
      principalFen: row.principal_fen,
      interestFen: row.interest_fen,
      feeFen: row.fee_fen,
      penaltyFen: penalty,
      paid,
      underReview,
    },
    view: {
      period: row.period,
      due_date: row.due_date,
      principal: fromFen(row.principal_fen),
      interest: fromFen(interest),
      fee: fromFen(fee),
      penalty: fromFen(penalty),
      total: fromFen(row.principal_fen + interest + fee + penalty),
      status: paid ? 'paid' : days > 0 ? 'overdue' : 'unpaid',
      overdue_days: days,
      paid_at: paid ? iso(row.paid_at!) : null,
      under_review: underReview,
    },
  };
}
