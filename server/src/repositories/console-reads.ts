import type { Store } from '../db/store';
import type { PaymentRow, ProofRow } from '../db/tables';

export type ConsoleProofRow = ProofRow & { order_no: string; mobile: string; real_name: string };
export type ConsolePaymentRow = PaymentRow & { order_no: string };

/** What staff read across borrowers: proofs and payments with their loan and borrower. */
export class ConsoleRecords {
  constructor(private readonly store: Store) {}

  private vouchers() {
    return this.store.q
      .selectFrom('vouchers as v')
      .innerJoin('loans as l', 'l.id', 'v.loan_id')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .selectAll('v')
      .select(['l.order_no', 'u.mobile', 'l.real_name']);
  }

  async voucher(id: number): Promise<ConsoleProofRow | null> {
    return (await this.vouchers().where('v.id', '=', id).executeTakeFirst()) ?? null;
  }

  proofsOfLoans(loanIds: readonly number[]): Promise<ConsoleProofRow[]> {
    if (loanIds.length === 0) return Promise.resolve([]);
    return this.vouchers().where('v.loan_id', 'in', loanIds).orderBy('v.id', 'desc').execute();
  }

  /** Payments opened at the cashier (newest first), for some loans or for all. */
  payments(filter: { loanIds?: readonly number[]; limit: number; offset: number }): Promise<ConsolePaymentRow[]> {
    let query = this.store.q.selectFrom('payments as p').innerJoin('loans as l', 'l.id', 'p.loan_id').selectAll('p').select('l.order_no');
    if (filter.loanIds) {
      if (filter.loanIds.length === 0) return Promise.resolve([]);
      query = query.where('p.loan_id', 'in', filter.loanIds);
    }
    return query.orderBy('p.id', 'desc').limit(filter.limit).offset(filter.offset).execute();
  }
}
