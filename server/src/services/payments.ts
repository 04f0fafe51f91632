import { randomBytes } from 'node:crypto';
import type { Cashier, PaymentChannel, PaymentResult, PaymentState } from '@instalment/shared/api';
import { SANDBOX_ENDPOINTS } from '@instalment/shared/api';
import { calendarDate, formatPeriods, fromFen, parsePeriods } from '@instalment/shared/loan';
import { iso, type Context } from '../context';
import { Refusal } from '../http/errors';
import type { CatalogueService } from './catalogue';
import { Ledger, type Selection } from './ledger';
import type { LoanRow, LoanService } from './loans';
import { say } from '../http/say';
import type { Store } from '../db/store';
import { PaymentRecords, type PaymentRow } from '../repositories/payments';

/** How long a payment stays open at the gateway. */
export const PAYMENT_TTL_MS = 30 * 60 * 1000;

export const PAYMENT_NO = /^P\d{8}[0-9A-F]{10}$/;

/** The gateway's answer to a confirmation (a cancel never reaches the service). */
export type PaymentOutcome = Exclude<PaymentResult, 'cancelled'>;

/**
 * The cashier and the payments it opens. It pays exactly what it is asked for — the periods
 * given, or the whole loan at the payoff quote — and never guesses. One order has at most one
 * open payment: asking again for the same thing at the same price returns it, anything else
 * supersedes it. Confirming settles through the ledger, priced again at that moment.
 */
export class PaymentService {
  constructor(
    private readonly ctx: Context,
    private readonly loans: LoanService,
    private readonly ledger: Ledger,
    private readonly catalogue: CatalogueService,
  ) {
    this.records = new PaymentRecords(ctx.store);
  }

  private readonly records: PaymentRecords;

  /** The same service on a write's transaction. */
  on(tx: Store): PaymentService {
    return new PaymentService({ ...this.ctx, store: tx }, this.loans.on(tx), this.ledger.on(tx), this.catalogue);
  }

  /** `periods` ("1,2") or `payoff`, exactly one of them. */
  private selectionOf(periodsText: string, payoff: boolean): Selection {
    if (payoff && periodsText !== '') throw new Refusal(say('periodsOrPayoff'));
    if (payoff) return { payoff: true };
    if (periodsText === '') throw new Refusal(say('choosePeriods'));
    const periods = parsePeriods(periodsText);
    if (periods === null) throw new Refusal(say('periodsText'));
    return { payoff: false, periods };
  }

  async cashier(userId: number, orderNo: string, periodsText: string, payoff: boolean): Promise<Cashier> {
    const loan = await this.loans.find(userId, orderNo);
    // What the loan owes is said before what was asked for is judged: a settled loan is settled.
    const states = await this.ledger.owing(loan);
    const selection = this.selectionOf(periodsText, payoff);
    const price = await this.ledger.price(loan, selection, undefined, states);
    const payment = await this.openPayment(loan, formatPeriods(price.periods), selection.payoff, price.amountFen);
    const quote = price.quote;
    return {
      order_no: loan.order_no,
      payoff: selection.payoff,
      quote: quote && {
        order_no: loan.order_no,
        as_of: this.ledger.today(),
        principal: fromFen(quote.principalFen),
        interest: fromFen(quote.interestFen),
        fee: fromFen(quote.feeFen),
        penalty: fromFen(quote.penaltyFen),
        total: fromFen(quote.totalFen),
      },
      items: price.items.map((state) => state.view),
      total: fromFen(price.amountFen),
      channels: await this.catalogue.enabledChannels(),
      payment_no: payment.payment_no,
      pay_url: `${SANDBOX_ENDPOINTS.payPage}?payment_no=${payment.payment_no}`,
      expires_at: iso(payment.expires_at),
    };
  }

  private openPayment(loan: LoanRow, periods: string, payoff: boolean, amountFen: number): Promise<PaymentRow> {
    const now = this.ctx.now();
    return this.ctx.store.write([Ledger.lock(loan.id)], async (tx) => {
      const records = new PaymentRecords(tx);
      const current = await records.latestOpen(loan.id, now);
      // The amount is part of the match: a day later the penalty, and so the price, may differ.
      if (current && current.periods === periods && current.payoff === Number(payoff) && current.amount_fen === amountFen) return current;
      await records.supersedeOpen(loan.id);
      return records.insert({
        payment_no: `P${calendarDate(now).replace(/-/g, '')}${randomBytes(5).toString('hex').toUpperCase()}`,
        loan_id: loan.id,
        periods,
        payoff: Number(payoff),
        amount_fen: amountFen,
        status: 'open',
        created_at: now,
        expires_at: now + PAYMENT_TTL_MS,
      });
    });
  }

  async byNumber(paymentNo: string): Promise<(PaymentRow & { order_no: string; user_id: number }) | null> {
    if (!PAYMENT_NO.test(paymentNo)) return null;
    return this.records.byNumber(paymentNo);
  }

  /** The server's word on a payment, for its owner only: anyone else's reads as missing. */
  async state(userId: number, paymentNo: string): Promise<PaymentState> {
    const payment = await this.byNumber(paymentNo);
    if (!payment || payment.user_id !== userId) throw new Refusal(say('paymentNotFound'));
    return {
      payment_no: payment.payment_no,
      order_no: payment.order_no,
      periods: parsePeriods(payment.periods) ?? [],
      payoff: payment.payoff === 1,
      amount: fromFen(payment.amount_fen),
      status: payment.status,
      paid_at: payment.paid_at === null ? null : iso(payment.paid_at),
    };
  }

  isExpired(payment: PaymentRow): boolean {
    return payment.status === 'open' && payment.expires_at <= this.ctx.now();
  }

  async gatewayChannel(code: string): Promise<PaymentChannel | null> {
    return (await this.catalogue.enabledChannels()).find((channel) => channel.kind === 'gateway' && channel.code === code) ?? null;
  }

  /**
   * The gateway's confirmation, priced again now. Idempotent: confirming a paid payment again
   * succeeds without paying twice. A payment whose price moved since it was opened (a day
   * passed, a penalty grew) is `repriced`: nothing is charged or recorded, and the borrower
   * goes back to the cashier. One whose instalments were settled otherwise, or that expired or
   * was superseded, fails.
   */
  async confirm(paymentNo: string, channel: string): Promise<PaymentOutcome> {
    const found = await this.byNumber(paymentNo);
    if (!found) return 'failed';
    return this.ctx.store.write([Ledger.lock(found.loan_id)], (tx) => this.on(tx).confirmHeld(paymentNo, channel));
  }

  private async confirmHeld(paymentNo: string, channel: string): Promise<PaymentOutcome> {
    // Read again under the loan's lock: a parallel confirmation may have just paid it.
    const payment = (await this.byNumber(paymentNo))!;
    if (payment.status === 'paid') return 'success';
    if (payment.status === 'repriced') return 'repriced';
    if (payment.status !== 'open' || this.isExpired(payment)) return 'failed';
    const loan = await this.loans.byId(payment.loan_id);
    const selection: Selection = payment.payoff === 1 ? { payoff: true } : { payoff: false, periods: parsePeriods(payment.periods) ?? [] };
    let amountFen: number;
    try {
      amountFen = (await this.ledger.price(loan, selection)).amountFen;
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      await this.records.setStatus(payment.id, 'void');
      return 'failed';
    }
    if (amountFen !== payment.amount_fen) {
      await this.records.setStatus(payment.id, 'repriced');
      return 'repriced';
    }
    const now = this.ctx.now();
    await this.ledger.settle(loan, selection, `payment:${payment.payment_no}`, now);
    await this.records.markPaid(payment.id, channel, now);
    return 'success';
  }
}
