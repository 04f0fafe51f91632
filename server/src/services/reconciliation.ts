import type { DifferenceApplied, DifferenceResolved, DifferenceStatus, Listing, PaymentDifference } from '@instalment/contract/api';
import { REASON_MAX } from '@instalment/contract/api/schemas';
import { fromFen, parsePeriods } from '@instalment/contract/loan';
import { iso, type Context } from '../runtime/context';
import type { Store } from '../db/store';
import type { PaymentGateway } from '../providers/gateway';
import { ApprovalRecords } from '../repositories/approvals';
import { DifferenceRecords, type DifferenceListRow } from '../repositories/differences';
import type { AuditService } from './audit';
import type { Change } from './change';
import { Ledger, type Selection } from './ledger';
import { businessDay } from './business-time';
import type { LoanRow, LoanService } from './loans';
import type { Operator } from './operators';
import { Refusal, refusedAs, sentenceOf } from './refusals';
import type { Page } from './page';

export const differenceTarget = (id: number) => `difference:${id}`;

/** The refund's number at the gateway: one per difference (a payment has at most one), so a retry is the same refund. */
export const refundNoOf = (difference: Pick<DifferenceListRow, 'payment_no'>) => `R${difference.payment_no}`;

const unsettledFen = (row: DifferenceListRow) => row.received_fen - row.settled_fen;

/** What finance decides of a difference, each on a second operator's approval; one waits at a time. */
const CLAIMS = ['difference.refund', 'difference.apply'] as const;

/** The payment's instalments, as it was opened for them. */
const selectionOf = (row: DifferenceListRow): Selection =>
  row.payoff === 1 ? { payoff: true } : { payoff: false, periods: parsePeriods(row.periods) ?? [] };

/**
 * Whether a difference may be applied at the price the borrower was shown: its price rose after
 * it was priced (a day's penalty, a payoff's day of interest), the gateway's word that it was paid
 * came while the cashier still held that price, and none of it was credited at the new price.
 *
 * Why this is honest, and the lender's to give: the cashier showed the borrower an amount and held
 * it for `PAYMENT_TTL_MS`; the borrower paid exactly that within the time, and their app said the
 * payment succeeded. The day that turned over meanwhile (the gateway's notify came after midnight)
 * is the lender's delay, not the borrower's: charging its penalty would leave them overdue for
 * having paid on time. So the instalments are settled at the price of the day they were priced,
 * as a transfer proof is priced on the day it was sent, and the lender forgoes what accrued after.
 * Money that came after the price stopped holding proves no payment in time, and is credited at
 * today's price, refunded or closed as any other.
 */
const atPriceShown = (row: DifferenceListRow) =>
  row.reason === 'price_rose' && row.settled_fen === 0 && row.received_fen === row.payment_fen && row.created_at <= row.payment_expires_at;

/**
 * How long after it was sent a refund the gateway says it does not know is taken as never made.
 * Alipay may still be working on a refund asked moments ago (it asks for 10 s at least before a
 * query), and a request cut off by our time-out may still reach it: after this, none can.
 */
export const REFUND_UNKNOWN_FOR_MS = 5 * 60_000;

/** Who settles pending refunds in the audit: the background job, on the gateway's word. */
const SETTLER = { operator: { id: null, username: 'reconciliation', roles: [] }, address: 'background' } as const;

function view(row: DifferenceListRow, approvalId: number | null): PaymentDifference {
  return {
    id: row.id,
    order_no: row.order_no,
    user_id: row.user_id,
    real_name: row.real_name,
    mobile: row.mobile,
    payment_no: row.payment_no,
    trade_no: row.trade_no,
    channel: row.channel,
    periods: row.payoff === 1 ? [] : (parsePeriods(row.periods) ?? []),
    payoff: row.payoff === 1,
    received: fromFen(row.received_fen),
    settled: fromFen(row.settled_fen),
    unsettled: fromFen(unsettledFen(row)),
    reason: row.reason,
    asked: fromFen(row.payment_fen),
    due: row.due_fen === null ? null : fromFen(row.due_fen),
    at_price_shown: row.status === 'open' && atPriceShown(row),
    status: row.status,
    created_at: iso(row.created_at),
    resolved_at: row.resolved_at === null ? null : iso(row.resolved_at),
    resolved_by: row.resolved_by,
    note: row.note,
    refund_no: row.refund_no,
    refunded: row.refunded_fen === null ? null : fromFen(row.refunded_fen),
    approval_id: approvalId,
  };
}

/**
 * Money a gateway received that the ledger could not credit (`PaymentService.arrived` records
 * it), made visible and resolved once: refunded through the gateway that took it, on a second
 * finance operator's approval, or closed with a reason.
 */
export class Reconciliation {
  constructor(
    private readonly ctx: Context,
    private readonly gateway: PaymentGateway,
    private readonly loans: LoanService,
    private readonly ledger: Ledger,
    private readonly audit: AuditService,
  ) {}

  async list(status: DifferenceStatus | null, page: Page): Promise<Listing<PaymentDifference>> {
    const { rows, total } = await new DifferenceRecords(this.ctx.store).page(status, page.limit, page.offset);
    const awaiting = await this.claims(
      this.ctx.store,
      rows.map((row) => differenceTarget(row.id)),
    );
    return { list: rows.map((row) => view(row, awaiting.get(differenceTarget(row.id))?.id ?? null)), total };
  }

  /** The refund or application of each difference that waits for a second operator. */
  private async claims(store: Store, targets: readonly string[]): Promise<Map<string, { kind: (typeof CLAIMS)[number]; id: number }>> {
    const records = new ApprovalRecords(store);
    const found = new Map<string, { kind: (typeof CLAIMS)[number]; id: number }>();
    for (const kind of CLAIMS) {
      for (const [target, id] of await records.awaitingFor(kind, targets)) found.set(target, { kind, id });
    }
    return found;
  }

  /** An open difference, read in `tx`; refused when missing, resolved already, or its refund is pending at the gateway. */
  async open(tx: Store, id: number): Promise<DifferenceListRow> {
    const row = await new DifferenceRecords(tx).byId(id);
    if (!row) throw new Refusal(sentenceOf('differenceNotFound'));
    if (row.status === 'refunding') throw new Refusal(sentenceOf('differenceRefundPending'));
    if (row.status !== 'open') throw new Refusal(sentenceOf('differenceResolved'));
    return row;
  }

  /**
   * An open difference that finance may ask to refund or apply, or close: not while a refund or an
   * application of it awaits a second operator, whose approval would then move money already
   * credited, refunded or closed.
   */
  private async unclaimed(tx: Store, id: number): Promise<DifferenceListRow> {
    const row = await this.open(tx, id);
    const claim = (await this.claims(tx, [differenceTarget(id)])).get(differenceTarget(id));
    if (claim)
      throw new Refusal(
        sentenceOf(claim.kind === 'difference.refund' ? 'differenceRefundAwaiting' : 'differenceApplyAwaiting', { id: claim.id }),
      );
    return row;
  }

  /** What a refund's maker asks a checker to approve: the money, the trade and the refund's number. */
  async refundAsked(tx: Store, id: number): Promise<{ target: string; payload: unknown; before: unknown }> {
    const row = await this.unclaimed(tx, id);
    return {
      target: differenceTarget(id),
      payload: { amount: fromFen(unsettledFen(row)), payment_no: row.payment_no, trade_no: row.trade_no, refund_no: refundNoOf(row) },
      before: { status: row.status, order_no: row.order_no, received: fromFen(row.received_fen), settled: fromFen(row.settled_fen) },
    };
  }

  /**
   * The approved refund, in the checker's write. The difference is claimed first, as `refunding`
   * (a conditional update, so of two writes only one asks the gateway), then the gateway is asked:
   * - it refunded: the difference is `refunded`, with what it gave back;
   * - it refused for good: the refusal rolls the claim back with the decision, so the difference
   *   is open and the approval awaiting, to be approved again or declined;
   * - its answer never came (a time-out, a failure on the way): the money may have moved, so
   *   nothing may read it as not refunded. The claim commits with the decision: the approval reads
   *   approved (it did send the refund; approving again could only send the same number) and the
   *   difference stays `refunding`, locked against applying, closing and another refund, until
   *   `settlePending` learns from the gateway what became of it. The answer says it is pending.
   */
  async refund(tx: Store, id: number, checker: Operator): Promise<unknown> {
    const row = await this.open(tx, id);
    const refundNo = refundNoOf(row);
    const amountFen = unsettledFen(row);
    const records = new DifferenceRecords(tx);
    const claimed = await records.claimedForRefund(id, row.settled_fen, {
      status: 'refunding',
      resolved_at: this.ctx.now(),
      resolved_by: checker.username,
      refund_no: refundNo,
    });
    if (!claimed) {
      const now = await records.byId(id);
      throw new Refusal(sentenceOf(now?.status === 'open' ? 'differenceChanged' : 'differenceResolved'));
    }
    const outcome = await this.gateway.refund({
      paymentNo: row.payment_no,
      tradeNo: row.trade_no,
      amountFen,
      refundNo,
      reason: `Payment received for ${row.order_no} that could not be credited`,
    });
    if (outcome.state === 'refused') {
      throw new Refusal(
        outcome.why === 'unsupported' ? sentenceOf('refundUnavailable') : sentenceOf('refundFailed', { detail: outcome.detail }),
      );
    }
    if (outcome.state === 'unknown') {
      this.ctx.log.warn({ difference: id, refund_no: refundNo, detail: outcome.detail }, 'refund pending at the gateway');
      return { status: 'refunding', refund_no: refundNo, amount: fromFen(amountFen), pending: true };
    }
    await records.moved(id, 'refunding', { status: 'refunded', refunded_fen: outcome.amountFen });
    return { status: 'refunded', refund_no: refundNo, refunded: fromFen(outcome.amountFen) };
  }

  /**
   * Refunds pending at the gateway, each settled once by what the gateway now says of its number:
   * made, it is `refunded` with the amount the gateway gave back (the books record what moved,
   * not what was asked); never made, and sent long enough ago that it cannot still arrive
   * (`REFUND_UNKNOWN_FOR_MS`), it is `open` again for finance to decide (a new refund sends the
   * same number, which the gateway refunds at most once); still unknown, it stays pending.
   * Returns how many settled.
   */
  async settlePending(): Promise<number> {
    let settled = 0;
    for (const row of await new DifferenceRecords(this.ctx.store).refunding()) {
      const refundNo = row.refund_no ?? refundNoOf(row);
      const found = await this.gateway.refundState({ paymentNo: row.payment_no, tradeNo: row.trade_no, refundNo });
      if (found.state === 'unknown') continue;
      if (found.state === 'none' && this.ctx.now() - (row.resolved_at ?? 0) < REFUND_UNKNOWN_FOR_MS) continue;
      const change =
        found.state === 'refunded'
          ? { status: 'refunded' as const, refunded_fen: found.amountFen }
          : { status: 'open' as const, resolved_at: null, resolved_by: null };
      const done = await this.ctx.store.write([differenceTarget(row.id)], async (tx) => {
        if (!(await new DifferenceRecords(tx).moved(row.id, 'refunding', change))) return false;
        await this.audit.record(
          {
            ...SETTLER,
            action: 'difference.refund.settle',
            target: differenceTarget(row.id),
            before: { status: 'refunding', refund_no: refundNo, asked: fromFen(unsettledFen(row)) },
            after: found.state === 'refunded' ? { status: 'refunded', refunded: fromFen(found.amountFen) } : { status: 'open' },
            outcome: 'done',
          },
          tx,
        );
        return true;
      });
      if (done) settled += 1;
    }
    return settled;
  }

  /**
   * What an application's maker asks a checker to approve: the money, and whether at the price the
   * borrower was shown (only where `atPriceShown` allows it) or at today's.
   */
  async applyAsked(tx: Store, id: number, shown: boolean): Promise<{ target: string; payload: unknown; before: unknown }> {
    const row = await this.unclaimed(tx, id);
    await this.planned(tx, row, shown);
    return {
      target: differenceTarget(id),
      payload: { amount: fromFen(unsettledFen(row)), payment_no: row.payment_no, at_price_shown: shown },
      before: {
        status: row.status,
        order_no: row.order_no,
        received: fromFen(row.received_fen),
        settled: fromFen(row.settled_fen),
        asked: fromFen(row.payment_fen),
        due: row.due_fen === null ? null : fromFen(row.due_fen),
      },
    };
  }

  /**
   * The approved application, in the checker's write, under the loan's lock as every settlement
   * is. At today's price, what the difference did not settle pays the borrower's next instalments,
   * settled whole (a payoff when it covers one). At the price shown, it pays the instalments its
   * payment was for, priced on the day the payment was priced (`atPriceShown` says why), and only
   * when that price is what arrived. What is left stays open for a refund or a closing; nothing
   * left, it is `credited`.
   */
  async apply(tx: Store, id: number, checker: Operator, shown: boolean): Promise<DifferenceApplied> {
    const found = await this.unclaimed(tx, id);
    return tx.write([Ledger.lock(found.loan_id)], async (held) => {
      // Read again under the loan's lock: an application just before this one changed what is left.
      const row = await this.open(held, id);
      const available = unsettledFen(row);
      const { loan, selection, pricedOn } = await this.planned(held, row, shown);
      const price = await this.ledger.on(held).settle(loan, selection, `payment:${row.payment_no}`, this.ctx.now(), pricedOn);
      const left = available - price.amountFen;
      const resolution = left === 0 ? { status: 'credited' as const, resolved_at: this.ctx.now(), resolved_by: checker.username } : null;
      if (!(await new DifferenceRecords(held).applied(id, row.settled_fen, row.settled_fen + price.amountFen, resolution))) {
        throw new Refusal(sentenceOf('differenceResolved'));
      }
      return {
        id,
        status: resolution ? 'credited' : 'open',
        periods: price.periods,
        applied: fromFen(price.amountFen),
        unsettled: fromFen(left),
      };
    });
  }

  /**
   * What applying `row` would settle, and priced on which day (undefined: today), or a refusal
   * saying why it cannot: read when it is asked for, so no checker is asked to approve what cannot
   * happen, and again when it is carried out.
   */
  private async planned(
    store: Store,
    row: DifferenceListRow,
    shown: boolean,
  ): Promise<{ loan: LoanRow; selection: Selection; pricedOn?: string }> {
    const available = unsettledFen(row);
    const loan = await this.loans.on(store).byId(row.loan_id);
    const ledger = this.ledger.on(store);
    if (!shown) {
      const covered = await ledger.coveredBy(loan, { payoff: true }, available);
      if (!covered) throw new Refusal(sentenceOf('differenceCoversNothing', { amount: fromFen(available) }));
      return { loan, selection: covered.selection };
    }
    if (!atPriceShown(row)) throw new Refusal(sentenceOf('differenceNotAtPriceShown'));
    const pricedOn = businessDay(this.ctx, row.payment_created_at);
    const then = await ledger.price(loan, selectionOf(row), pricedOn).catch(refusedAs(null));
    if (then?.amountFen !== available) throw new Refusal(sentenceOf('differenceNotAtPriceShown'));
    return { loan, selection: selectionOf(row), pricedOn };
  }

  /** Closed without moving money (paid back by other means, a test payment…), saying why. */
  async close(tx: Store, id: number, reason: string, operator: Operator): Promise<Change<DifferenceResolved>> {
    const note = reason.trim();
    if (note === '' || note.length > REASON_MAX) throw new Refusal(sentenceOf('closeReasonRequired'));
    const row = await this.unclaimed(tx, id);
    const closed = await new DifferenceRecords(tx).resolve(id, {
      status: 'closed',
      resolved_at: this.ctx.now(),
      resolved_by: operator.username,
      note,
    });
    if (!closed) throw new Refusal(sentenceOf('differenceResolved'));
    return {
      target: differenceTarget(id),
      before: { status: row.status, unsettled: fromFen(unsettledFen(row)) },
      after: { status: 'closed', note },
      answer: { id, status: 'closed' },
    };
  }
}
