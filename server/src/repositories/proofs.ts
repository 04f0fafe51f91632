import type { Store } from '../db/store';
import type { ProofRow } from '../db/tables';

export type { ProofRow };

export type NewProof = Pick<ProofRow, 'loan_id' | 'periods' | 'amount_fen' | 'file_url' | 'file_hash' | 'remark' | 'created_at'>;

/** Payment proofs of bank transfers and their review. */
export class ProofRecords {
  constructor(private readonly store: Store) {}

  async byId(id: number): Promise<ProofRow | null> {
    return (await this.store.q.selectFrom('vouchers').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  /** Newest first. */
  ofLoan(loanId: number): Promise<ProofRow[]> {
    return this.store.q.selectFrom('vouchers').selectAll().where('loan_id', '=', loanId).orderBy('id', 'desc').execute();
  }

  /** The periods of the proofs waiting for review, for several loans in one query. */
  pendingOf(loanIds: readonly number[]): Promise<Array<{ loan_id: number; periods: string }>> {
    if (loanIds.length === 0) return Promise.resolve([]);
    return this.store.q
      .selectFrom('vouchers')
      .select(['loan_id', 'periods'])
      .where('status', '=', 'pending')
      .where('loan_id', 'in', loanIds)
      .execute();
  }

  /** Whether a live proof (pending or approved) already rests on this receipt. */
  async receiptInUse(fileHash: string): Promise<boolean> {
    const row = await this.store.q
      .selectFrom('vouchers')
      .select('id')
      .where('file_hash', '=', fileHash)
      .where('status', 'in', ['pending', 'approved'])
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertPending(voucher: NewProof): Promise<number> {
    const row = await this.store.q
      .insertInto('vouchers')
      .values({ ...voucher, status: 'pending' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async review(
    id: number,
    status: ProofRow['status'],
    atMs: number,
    notes: Partial<Pick<ProofRow, 'bank_ref' | 'reject_reason'>> = {},
  ): Promise<void> {
    await this.store.q
      .updateTable('vouchers')
      .set({ status, reviewed_at: atMs, ...notes })
      .where('id', '=', id)
      .execute();
  }

  async withdraw(id: number, atMs: number): Promise<void> {
    await this.store.q
      .updateTable('vouchers')
      .set({ status: 'withdrawn', reviewed_at: atMs })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }
}
