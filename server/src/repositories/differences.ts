import type { Selectable, Updateable } from 'kysely';
import type { DifferenceStatus } from '@instalment/contract/api';
import type { Store } from '../db/store';
import type { Tables } from '../db/tables';

export type DifferenceRow = Selectable<Tables['payment_differences']>;

/** A difference with what finance needs to find the money: its payment, loan and borrower. */
export type DifferenceListRow = DifferenceRow & {
  payment_no: string;
  trade_no: string | null;
  channel: string | null;
  periods: string;
  payoff: number;
  /** The payment's price, when it was opened, and until when that price held. */
  payment_fen: number;
  payment_created_at: number;
  payment_expires_at: number;
  order_no: string;
  user_id: number;
  real_name: string;
  mobile: string;
};

/** How a difference was resolved: what `resolve` writes once. */
export type Resolution = Pick<Updateable<Tables['payment_differences']>, 'note' | 'refund_no' | 'refunded_fen'> & {
  status: Exclude<DifferenceStatus, 'open'>;
  resolved_at: number;
  resolved_by: string;
};

/** Money received and not credited (recorded by `PaymentRecords.addDifference`), and how finance resolved it. */
export class DifferenceRecords {
  constructor(private readonly store: Store) {}

  private joined() {
    return this.store.q
      .selectFrom('payment_differences as d')
      .innerJoin('payments as p', 'p.id', 'd.payment_id')
      .innerJoin('loans as l', 'l.id', 'd.loan_id')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .selectAll('d')
      .select(['p.payment_no', 'p.trade_no', 'p.channel', 'p.periods', 'p.payoff', 'l.order_no', 'l.user_id', 'l.real_name', 'u.mobile'])
      .select(['p.amount_fen as payment_fen', 'p.created_at as payment_created_at', 'p.expires_at as payment_expires_at']);
  }

  /** Differences in one status (all when null), oldest first, so the queue is worked in order. */
  async page(status: DifferenceStatus | null, limit: number, offset: number): Promise<{ rows: DifferenceListRow[]; total: number }> {
    let rows = this.joined();
    let count = this.store.q.selectFrom('payment_differences').select((eb) => eb.fn.countAll<number>().as('n'));
    if (status) {
      rows = rows.where('d.status', '=', status);
      count = count.where('status', '=', status);
    }
    const [list, total] = await Promise.all([rows.orderBy('d.id').limit(limit).offset(offset).execute(), count.executeTakeFirstOrThrow()]);
    return { rows: list, total: Number(total.n) };
  }

  /** The differences of some payments (a payment has at most one), by payment. */
  async ofPayments(paymentIds: readonly number[]): Promise<Map<number, DifferenceRow>> {
    if (paymentIds.length === 0) return new Map();
    const rows = await this.store.q.selectFrom('payment_differences').selectAll().where('payment_id', 'in', paymentIds).execute();
    return new Map(rows.map((row) => [row.payment_id, row]));
  }

  async byId(id: number): Promise<DifferenceListRow | null> {
    return (await this.joined().where('d.id', '=', id).executeTakeFirst()) ?? null;
  }

  /**
   * Records more of an open difference as settled (applied to instalments), resolving it with
   * `resolution` when nothing is left; false when it was resolved or applied meanwhile.
   */
  async applied(id: number, settledBefore: number, settledFen: number, resolution: Resolution | null): Promise<boolean> {
    const result = await this.store.q
      .updateTable('payment_differences')
      .set({ settled_fen: settledFen, ...resolution })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .where('settled_fen', '=', settledBefore)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Resolves an open difference; false when it was resolved already (by someone quicker). */
  resolve(id: number, resolution: Resolution): Promise<boolean> {
    return this.moved(id, 'open', resolution);
  }

  /**
   * Claims an open difference for a refund of what was unsettled when `settledBefore` was read;
   * false when it was resolved or credited meanwhile. A credit holds the loan's lock, not the
   * refund's, so only the settled amount read tells a refund that one committed in between.
   */
  async claimedForRefund(id: number, settledBefore: number, resolution: Resolution): Promise<boolean> {
    const result = await this.store.q
      .updateTable('payment_differences')
      .set(resolution)
      .where('id', '=', id)
      .where('status', '=', 'open')
      .where('settled_fen', '=', settledBefore)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Moves a difference on from `from` only: of two writes that read it there, one moves it;
   * false for the other.
   */
  async moved(id: number, from: DifferenceStatus, change: Updateable<Tables['payment_differences']>): Promise<boolean> {
    const result = await this.store.q
      .updateTable('payment_differences')
      .set(change)
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Refunds sent to the gateway whose outcome it has not told yet, oldest first. */
  refunding(): Promise<DifferenceListRow[]> {
    return this.joined().where('d.status', '=', 'refunding').orderBy('d.id').execute();
  }
}
