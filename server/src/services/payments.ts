import { randomBytes } from 'node:crypto';
import type { Cashier, DifferenceReason, PaymentChannel, PaymentResult, PaymentState } from '@instalment/contract/api';
import { formatPeriods, fromFen, parsePeriods } from '@instalment/contract/loan';
import { originAllowed, type OriginRule } from '../settings/origins';
import { withResult, type GatewayTrade, type PaymentGateway } from '../providers/gateway';
import { iso, type Context } from '../runtime/context';
import type { CatalogueService } from './catalogue';
import { Ledger, quoteView, type InstalmentState, type Selection } from './ledger';
import type { LoanRow, LoanService } from './loans';
import type { Store } from '../db/store';
import { DifferenceRecords } from '../repositories/differences';
import { type FoundPayment, PaymentRecords, type PaymentRow } from '../repositories/payments';
import { Refusal, refusedAs, sentenceOf } from './refusals';
import { businessDay } from './business-time';
import { paymentStanding } from './payment-standing';

/** How long a payment stays open at the gateway. */
export const PAYMENT_TTL_MS = 30 * 60 * 1000;

export const PAYMENT_NO = /^P\d{8}[0-9A-F]{10}$/;

/** The gateway's answer to a confirmation (a cancel never reaches the service). */
export type PaymentOutcome = Exclude<PaymentResult, 'cancelled'>;

/** Where the browser goes to pay: the channel chosen and the app's page to come back to. */
export interface PayChoice {
  channel: string;
  returnUrl: string;
  /** This server's public base, where the gateway's notify comes back. */
  apiBase: string;
}

/**
 * What became of a gateway's word that money arrived: `settled` (at its price), `recorded`
 * (what it covered settled, the rest kept for an operator), `already` (a replay), or
 * `not-paid` (the trade is not paid: nothing to do).
 */
export type ArrivalOutcome = 'settled' | 'recorded' | 'already' | 'not-paid';

/**
 * Why money that arrived for a payment settled less than it paid, from what the payment was when
 * it arrived and what its instalments cost then (`dueFen`, null when the ledger would not price
 * them): void, its instalments were settled otherwise; superseded, the borrower had opened
 * another; its price moved since it was shown (`askedFen`), up or down; or, the price unchanged,
 * another amount than the one asked arrived.
 */
function differenceReason(status: PaymentRow['status'], askedFen: number, dueFen: number | null): DifferenceReason {
  if (status === 'void') return 'settled_otherwise';
  if (status === 'superseded') return 'superseded';
  if (dueFen === null) return 'amount_unknown';
  if (dueFen === askedFen) return 'amount_differs';
  return dueFen > askedFen ? 'price_rose' : 'price_fell';
}

/** The gateway channel `code` among the channels offered, or null. */
const gatewayOf = (offered: readonly PaymentChannel[], code: string): PaymentChannel | null =>
  offered.find((channel) => channel.kind === 'gateway' && channel.code === code) ?? null;

/** How long after opening a payment the server still asks the gateway about it. */
export const RECONCILE_WINDOW_MS = 24 * 3600 * 1000;

/** A return address the app gave, kept only when it is one of the app's own origins. */
export function appReturnUrl(appOrigins: OriginRule, raw: string): string | null {
  try {
    const url = new URL(raw);
    return (url.protocol === 'http:' || url.protocol === 'https:') && originAllowed(appOrigins, url.origin) ? url.toString() : null;
  } catch {
    return null;
  }
}

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
    readonly gateway: PaymentGateway,
  ) {
    this.records = new PaymentRecords(ctx.store);
  }

  private readonly records: PaymentRecords;

  /** The same service on a write's transaction. */
  on(tx: Store): PaymentService {
    return new PaymentService({ ...this.ctx, store: tx }, this.loans.on(tx), this.ledger.on(tx), this.catalogue, this.gateway);
  }

  /** The channels as configured, less the gateway channels no provider takes here (WeChat Pay without its provider). */
  async channels(): Promise<PaymentChannel[]> {
    const served = this.gateway.channels;
    return (await this.catalogue.channels()).filter(
      (channel) => channel.kind !== 'gateway' || served === null || served.includes(channel.code),
    );
  }

  /** Channels a payment can go through now. */
  async offeredChannels(): Promise<PaymentChannel[]> {
    return (await this.channels()).filter((channel) => channel.enabled);
  }

  /** `periods` ("1,2") or `payoff`, exactly one of them. */
  private selectionOf(periodsText: string, payoff: boolean): Selection {
    if (payoff && periodsText !== '') throw new Refusal(sentenceOf('periodsOrPayoff'));
    if (payoff) return { payoff: true };
    if (periodsText === '') throw new Refusal(sentenceOf('choosePeriods'));
    const periods = parsePeriods(periodsText);
    if (periods === null) throw new Refusal(sentenceOf('periodsText'));
    return { payoff: false, periods };
  }

  /** With `choice`, `pay_url` is the complete address of the gateway's page for this payment. */
  async cashier(userId: number, orderNo: string, periodsText: string, payoff: boolean, choice: PayChoice | null = null): Promise<Cashier> {
    const loan = await this.loans.find(userId, orderNo);
    // What the loan owes is said before what was asked for is judged: a settled loan is settled.
    const states = await this.ledger.owing(loan);
    const selection = this.selectionOf(periodsText, payoff);
    const price = await this.ledger.price(loan, selection, undefined, states);
    const offered = await this.offeredChannels();
    const channel = choice ? gatewayOf(offered, choice.channel) : null;
    if (choice && !channel) throw new Refusal(sentenceOf('channelUnavailable'));
    const payment = await this.openPayment(loan, formatPeriods(price.periods), selection.payoff, price.amountFen);
    const quote = price.quote;
    // Back in the app, the page asks about this payment: its number travels in the return address.
    const back = choice && appReturnUrl(this.ctx.config.appOrigins, choice.returnUrl);
    const payUrl =
      choice &&
      this.gateway.payUrl(
        {
          paymentNo: payment.payment_no,
          amountFen: payment.amount_fen,
          subject: `${loan.order_no} ${selection.payoff ? 'payoff' : `instalments ${formatPeriods(price.periods)}`}`,
          quitUrl: back,
        },
        channel!.code,
        back && withResult(back, { payment_no: payment.payment_no }),
        choice.apiBase,
      );
    return {
      order_no: loan.order_no,
      payoff: selection.payoff,
      quote: quote && quoteView(loan.order_no, this.ledger.today(), quote),
      items: price.items.map((state) => state.view),
      total: fromFen(price.amountFen),
      channels: offered,
      payment_no: payment.payment_no,
      pay_url: payUrl,
      expires_at: iso(payment.expires_at),
    };
  }

  private openPayment(loan: LoanRow, periods: string, payoff: boolean, amountFen: number): Promise<PaymentRow> {
    const now = this.ctx.now();
    return this.ctx.store.write([Ledger.lock(loan.id)], async (tx) => {
      const records = new PaymentRecords(tx);
      const open = await records.openOf(loan.id);
      const current = open
        .filter((payment) => payment.expires_at > now)
        .reduce<PaymentRow | null>((newest, payment) => (newest && newest.id > payment.id ? newest : payment), null);
      // The amount is part of the match: a day later the penalty, and so the price, may differ.
      if (current && current.periods === periods && current.payoff === Number(payoff) && current.amount_fen === amountFen) return current;
      // Read whole, the open payments say whether there is any to supersede (most cashiers find none).
      if (open.length > 0) await records.supersedeOpen(loan.id);
      return records.insert({
        payment_no: `P${businessDay(this.ctx, now).replace(/-/g, '')}${randomBytes(5).toString('hex').toUpperCase()}`,
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

  async byNumber(paymentNo: string): Promise<FoundPayment | null> {
    if (!PAYMENT_NO.test(paymentNo)) return null;
    return this.records.byNumber(paymentNo);
  }

  /**
   * The server's word on a payment, for its owner only: anyone else's reads as missing. One the
   * gateway has not confirmed yet is asked about first: the payer is back before the notify.
   */
  async state(userId: number, paymentNo: string): Promise<PaymentState> {
    let payment = await this.byNumber(paymentNo);
    if (!payment || payment.user_id !== userId) throw new Refusal(sentenceOf('paymentNotFound'));
    if (payment.status !== 'paid' && (await this.reconcile(paymentNo)) !== 'not-paid') payment = (await this.byNumber(paymentNo))!;
    const difference = (await new DifferenceRecords(this.ctx.store).ofPayments([payment.id])).get(payment.id) ?? null;
    return {
      payment_no: payment.payment_no,
      order_no: payment.order_no,
      periods: parsePeriods(payment.periods) ?? [],
      payoff: payment.payoff === 1,
      amount: fromFen(payment.amount_fen),
      status: payment.status,
      state: paymentStanding(payment.status, difference),
      refunded: difference === null || difference.refunded_fen === null ? null : fromFen(difference.refunded_fen),
      paid_at: payment.paid_at === null ? null : iso(payment.paid_at),
    };
  }

  isExpired(payment: PaymentRow): boolean {
    return payment.status === 'open' && payment.expires_at <= this.ctx.now();
  }

  async gatewayChannel(code: string): Promise<PaymentChannel | null> {
    return gatewayOf(await this.offeredChannels(), code);
  }

  /** Asks the gateway about one payment and settles it if the money arrived. */
  async reconcile(paymentNo: string): Promise<ArrivalOutcome> {
    const trade = await this.gateway.query(paymentNo);
    return trade?.paid ? this.arrived(trade, this.gateway.channels?.[0] ?? 'gateway') : 'not-paid';
  }

  /** Payments opened within a day that no confirmation reached: the notify may have been lost. Returns how many settled. */
  async reconcileOpen(): Promise<number> {
    let settled = 0;
    for (const { payment_no } of await this.records.unconfirmedSince(this.ctx.now() - RECONCILE_WINDOW_MS)) {
      if ((await this.reconcile(payment_no)) !== 'not-paid') settled += 1;
    }
    return settled;
  }

  /**
   * Money the gateway says arrived for a payment (a verified notify, or its answer to a query).
   * It is never refused: at the payment's price it settles its instalments; if the price moved,
   * or they were settled otherwise, or the payment was superseded, what the money covers now is
   * settled and the rest is recorded for an operator. Once per payment, however often told.
   * `known`: the payment, when the caller has just read it (it is read again under the lock).
   */
  async arrived(trade: GatewayTrade, channel: string, known: PaymentRow | null = null): Promise<ArrivalOutcome> {
    if (!trade.paid) return 'not-paid';
    const found = known ?? (await this.byNumber(trade.paymentNo));
    if (!found) throw new Error(`a paid trade for unknown payment ${trade.paymentNo}`);
    return this.ctx.store.write([Ledger.lock(found.loan_id)], (tx) => this.on(tx).arrivedHeld(trade, channel));
  }

  private async arrivedHeld(trade: GatewayTrade, channel: string): Promise<ArrivalOutcome> {
    const payment = (await this.byNumber(trade.paymentNo))!;
    if (payment.status === 'paid') return 'already';
    const loan = await this.loans.byId(payment.loan_id);
    const now = this.ctx.now();
    const paidBy = `payment:${payment.payment_no}`;
    const wanted: Selection = payment.payoff === 1 ? { payoff: true } : { payoff: false, periods: parsePeriods(payment.periods) ?? [] };
    // An autopay charge's money was taken on the day the lender asked for it (Alipay answers a
    // withholding at once or takes nothing): however late its answer reaches us, it pays what was
    // due that day, never a penalty of the days Alipay kept us waiting.
    const pricedOn = businessDay(this.ctx, payment.by_autopay ? payment.created_at : now);
    // The loan's instalments as the money arrives, read once under its lock (none when it owes
    // nothing): what they cost, what the money covers and what it settles are all priced from them.
    const states = await this.ledger.owing(loan, pricedOn).catch(refusedAs(undefined));
    // What the payment's instalments cost as the money arrives, before any of them is settled.
    const dueFen = states
      ? await this.ledger.price(loan, wanted, pricedOn, states).then((price) => price.amountFen, refusedAs(null))
      : null;
    const covered = await this.ledger.coveredBy(loan, wanted, trade.amountFen, pricedOn, states);
    if (covered) await this.ledger.settle(loan, covered.selection, paidBy, now, pricedOn, states);
    await this.records.markPaid(payment.id, channel, now, trade.tradeNo);
    const settledFen = covered?.amountFen ?? 0;
    if (settledFen === trade.amountFen) return 'settled';
    const reason = differenceReason(payment.status, payment.amount_fen, dueFen);
    await this.records.addDifference({
      payment_id: payment.id,
      loan_id: loan.id,
      received_fen: trade.amountFen,
      settled_fen: settledFen,
      reason,
      due_fen: dueFen,
      created_at: now,
    });
    this.ctx.log.warn(
      { payment_no: payment.payment_no, received_fen: trade.amountFen, settled_fen: settledFen, due_fen: dueFen, reason },
      'payment difference recorded',
    );
    return 'recorded';
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
    // Priced and settled on one day, from the instalments read once under the loan's lock.
    const now = this.ctx.now();
    const today = businessDay(this.ctx, now);
    let states: InstalmentState[];
    let amountFen: number;
    try {
      states = await this.ledger.owing(loan, today);
      amountFen = (await this.ledger.price(loan, selection, today, states)).amountFen;
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      await this.records.setStatus(payment.id, 'void');
      return 'failed';
    }
    if (amountFen !== payment.amount_fen) {
      await this.records.setStatus(payment.id, 'repriced');
      return 'repriced';
    }
    await this.ledger.settle(loan, selection, `payment:${payment.payment_no}`, now, today, states);
    await this.records.markPaid(payment.id, channel, now);
    return 'success';
  }
}
