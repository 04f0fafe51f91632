import type { Store } from '../db/store';
import type { PaymentRow } from '../db/tables';

export type { PaymentRow };

export type NewPayment = Omit<PaymentRow, 'id' | 'channel' | 'paid_at'>;

/** Payments opened at the cashier and what became of them. */
export class PaymentRecords {
  constructor(private readonly store: Store) {}

  async latestOpen(loanId: number, nowMs: number): Promise<PaymentRow | null> {
    const row = await this.store.q
      .selectFrom('payments')
      .selectAll()
      .where('loan_id', '=', loanId)
      .where('status', '=', 'open')
      .where('expires_at', '>', nowMs)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ?? null;
  }

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

  /** With its loan's order number and owner. */
  async byNumber(paymentNo: string): Promise<(PaymentRow & { order_no: string; user_id: number }) | null> {
    const row = await this.store.q
      .selectFrom('payments')
      .innerJoin('loans', 'loans.id', 'payments.loan_id')
      .selectAll('payments')
      .select(['loans.order_no', 'loans.user_id'])
      .where('payment_no', '=', paymentNo)
      .executeTakeFirst();
    return row ?? null;
  }

  async setStatus(id: number, status: PaymentRow['status']): Promise<void> {
    await this.store.q.updateTable('payments').set({ status }).where('id', '=', id).execute();
  }

  async markPaid(id: number, channel: string, atMs: number): Promise<void> {
    await this.store.q.updateTable('payments').set({ status: 'paid', channel, paid_at: atMs }).where('id', '=', id).execute();
  }
}
