import type { Selectable } from 'kysely';
import type { Store } from '../db/store';
import type { DifferenceReason, PaymentRow, Tables } from '../db/tables';

export type { PaymentRow };

export type NewPayment = Omit<PaymentRow, 'id' | 'channel' | 'paid_at' | 'trade_no'>;

/** What arrival records; how it is resolved is reconciliation's (`repositories/differences.ts`). */
export type PaymentDifference = Pick<
  Tables['payment_differences'],
  'payment_id' | 'loan_id' | 'received_fen' | 'settled_fen' | 'created_at'
> & { reason: DifferenceReason; due_fen: number | null };

/** A payment found by its number. */
export type FoundPayment = PaymentRow & { order_no: string; user_id: number; by_autopay: boolean };

/** Payments opened at the cashier and what became of them. */
export class PaymentRecords {
  constructor(private readonly store: Store) {}

  openOf(loanId: number): Promise<PaymentRow[]> {
    return this.store.q.selectFrom('payments').selectAll().where('loan_id', '=', loanId).where('status', '=', 'open').execute();
  }

  async supersedeOpen(loanId: number): Promise<void> {
    await this.store.q
      .updateTable('payments')
      .set({ status: 'superseded' })
      .where('loan_id', '=', loanId)
      .where('status', '=', 'open')
      .execute();
  }

  async insert(payment: NewPayment): Promise<PaymentRow> {
    return this.store.q.insertInto('payments').values(payment).returningAll().executeTakeFirstOrThrow();
  }

  /** With its loan's order number and owner, and whether an autopay charge opened it (read in the same round trip). */
  async byNumber(paymentNo: string): Promise<FoundPayment | null> {
    const row = await this.store.q
      .selectFrom('payments')
      .innerJoin('loans', 'loans.id', 'payments.loan_id')
      .selectAll('payments')
      .select(['loans.order_no', 'loans.user_id'])
      .select((eb) =>
        eb
          .exists(eb.selectFrom('autopay_charges').select('autopay_charges.id').whereRef('autopay_charges.payment_id', '=', 'payments.id'))
          .as('by_autopay'),
      )
      .where('payment_no', '=', paymentNo)
      .executeTakeFirst();
    // SQLite answers a test 0 or 1, PostgreSQL a boolean.
    return row ? { ...row, by_autopay: Boolean(row.by_autopay) } : null;
  }

  async setStatus(id: number, status: PaymentRow['status']): Promise<void> {
    await this.store.q.updateTable('payments').set({ status }).where('id', '=', id).execute();
  }

  async markPaid(id: number, channel: string, atMs: number, tradeNo: string | null = null): Promise<void> {
    await this.store.q
      .updateTable('payments')
      .set({ status: 'paid', channel, paid_at: atMs, trade_no: tradeNo })
      .where('id', '=', id)
      .execute();
  }

  /** Payments opened since `sinceMs` that no confirmation has reached: the gateway may know more. */
  unconfirmedSince(sinceMs: number): Promise<Array<Pick<PaymentRow, 'payment_no'>>> {
    return this.store.q
      .selectFrom('payments')
      .select('payment_no')
      .where('status', 'in', ['open', 'superseded', 'repriced', 'void'])
      .where('created_at', '>=', sinceMs)
      .orderBy('id')
      .execute();
  }

  async addDifference(difference: PaymentDifference): Promise<void> {
    await this.store.q.insertInto('payment_differences').values(difference).execute();
  }

  differencesOf(loanId: number): Promise<Array<Selectable<Tables['payment_differences']>>> {
    return this.store.q.selectFrom('payment_differences').selectAll().where('loan_id', '=', loanId).orderBy('id').execute();
  }
}
