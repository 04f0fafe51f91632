import type { DifferenceApplied, DifferenceResolved, DifferenceStatus, Listing, PaymentDifference } from '@instalment/contract/api';
import { REASON_MAX } from '@instalment/contract/api/schemas';
import { fromFen, parsePeriods } from '@instalment/contract/loan';
import { iso, type Context } from '../context';
import type { Store } from '../db/store';
import type { PaymentGateway } from '../providers/gateway';
import { ApprovalRecords } from '../repositories/approvals';
import { DifferenceRecords, type DifferenceListRow } from '../repositories/differences';
import type { Change } from './change';
import { Ledger } from './ledger';
import type { LoanService } from './loans';
import type { Operator } from './operators';
import { Refusal, say } from './refusals';
import type { Page } from './page';

export const differenceTarget = (id: number) => `difference:${id}`;

/** The refund's number at the gateway: one per difference (a payment has at most one), so a retry is the same refund. */
export const refundNoOf = (difference: Pick<DifferenceListRow, 'payment_no'>) => `R${difference.payment_no}`;

const unsettledFen = (row: DifferenceListRow) => row.received_fen - row.settled_fen;

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
    status: row.status,
    created_at: iso(row.created_at),
    resolved_at: row.resolved_at === null ? null : iso(row.resolved_at),
    resolved_by: row.resolved_by,
    note: row.note,
    refund_no: row.refund_no,
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
  ) {}

  async list(status: DifferenceStatus | null, page: Page): Promise<Listing<PaymentDifference>> {
    const { rows, total } = await new DifferenceRecords(this.ctx.store).page(status, page.limit, page.offset);
    const awaiting = await new ApprovalRecords(this.ctx.store).awaitingFor(
      'difference.refund',
      rows.map((row) => differenceTarget(row.id)),
    );
    return { list: rows.map((row) => view(row, awaiting.get(differenceTarget(row.id)) ?? null)), total };
  }

  /** An open difference, read in `tx`; refused when missing or resolved already. */
  async open(tx: Store, id: number): Promise<DifferenceListRow> {
    const row = await new DifferenceRecords(tx).byId(id);
    if (!row) throw new Refusal(say('differenceNotFound'));
    if (row.status !== 'open') throw new Refusal(say('differenceResolved'));
    return row;
  }

  /** What a refund's maker asks a checker to approve: the money, the trade and the refund's number. */
  async refundAsked(tx: Store, id: number): Promise<{ target: string; payload: unknown; before: unknown }> {
    const row = await this.open(tx, id);
    return {
      target: differenceTarget(id),
      payload: { amount: fromFen(unsettledFen(row)), payment_no: row.payment_no, trade_no: row.trade_no, refund_no: refundNoOf(row) },
      before: { status: row.status, order_no: row.order_no, received: fromFen(row.received_fen), settled: fromFen(row.settled_fen) },
    };
  }

  /**
   * The approved refund, in the checker's write: the difference is claimed first (a conditional
   * update, so of two writes only one asks the gateway), then the gateway refunds. Its call is
   * inside the write so that a refusal or a failure leaves the difference open and the approval
   * awaiting; a retry sends the same refund number, which the gateway refunds at most once.
   */
  async refund(tx: Store, id: number, checker: Operator): Promise<unknown> {
    const row = await this.open(tx, id);
    const refundNo = refundNoOf(row);
    const amountFen = unsettledFen(row);
    const claimed = await new DifferenceRecords(tx).resolve(id, {
      status: 'refunded',
      resolved_at: this.ctx.now(),
      resolved_by: checker.username,
      refund_no: refundNo,
      refunded_fen: amountFen,
    });
    if (!claimed) throw new Refusal(say('differenceResolved'));
    const outcome = await this.gateway.refund({
      paymentNo: row.payment_no,
      tradeNo: row.trade_no,
      amountFen,
      refundNo,
      reason: `Payment received for ${row.order_no} that could not be credited`,
    });
    if (!outcome.refunded) {
      throw new Refusal(outcome.why === 'unsupported' ? say('refundUnavailable') : say('refundFailed', { detail: outcome.detail }));
    }
    return { status: 'refunded', refund_no: refundNo, refunded: fromFen(amountFen) };
  }

  /**
   * What the difference did not settle, paid into the borrower's next instalments through the
   * ledger, priced today and settled whole (a payoff when it covers one), under the loan's lock as
   * every settlement is. What is left stays open for a refund or a closing; nothing left, it is
   * `credited`.
   */
  async apply(tx: Store, id: number, operator: Operator): Promise<Change<DifferenceApplied>> {
    const found = await this.open(tx, id);
    return tx.write([Ledger.lock(found.loan_id)], async (held) => {
      // Read again under the loan's lock: an application just before this one changed what is left.
      const row = await this.open(held, id);
      const available = unsettledFen(row);
      const loan = await this.loans.on(held).byId(row.loan_id);
      const ledger = this.ledger.on(held);
      const covered = await ledger.coveredBy(loan, { payoff: true }, available);
      if (!covered) throw new Refusal(say('differenceCoversNothing', { amount: fromFen(available) }));
      const price = await ledger.settle(loan, covered.selection, `payment:${row.payment_no}`, this.ctx.now());
      const left = available - price.amountFen;
      const resolution = left === 0 ? { status: 'credited' as const, resolved_at: this.ctx.now(), resolved_by: operator.username } : null;
      if (!(await new DifferenceRecords(held).applied(id, row.settled_fen, row.settled_fen + price.amountFen, resolution))) {
        throw new Refusal(say('differenceResolved'));
      }
      const answer: DifferenceApplied = {
        id,
        status: resolution ? 'credited' : 'open',
        periods: price.periods,
        applied: fromFen(price.amountFen),
        unsettled: fromFen(left),
      };
      return { target: differenceTarget(id), before: { status: row.status, unsettled: fromFen(available) }, after: answer, answer };
    });
  }

  /** Closed without moving money (paid back by other means, a test payment…), saying why. */
  async close(tx: Store, id: number, reason: string, operator: Operator): Promise<Change<DifferenceResolved>> {
    const note = reason.trim();
    if (note === '' || note.length > REASON_MAX) throw new Refusal(say('closeReasonRequired'));
    const row = await this.open(tx, id);
    const closed = await new DifferenceRecords(tx).resolve(id, {
      status: 'closed',
      resolved_at: this.ctx.now(),
      resolved_by: operator.username,
      note,
    });
    if (!closed) throw new Refusal(say('differenceResolved'));
    return {
      target: differenceTarget(id),
      before: { status: row.status, unsettled: fromFen(unsettledFen(row)) },
      after: { status: 'closed', note },
      answer: { id, status: 'closed' },
    };
  }
}
