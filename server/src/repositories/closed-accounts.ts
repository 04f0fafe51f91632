import type { LoanStatus } from '@instalment/contract/api';
import type { Store } from '../db/store';

/** A closed account as the retention job finds it. */
export interface ClosedAccount {
  id: number;
  mobile: string;
}

/**
 * Closing accounts and, after the retention period, erasing them. A closed account keeps its row
 * (phone and ID number's blind index, which keep both reserved) and its loans' records; its
 * personal fields are erased at once.
 */
export class ClosedAccountRecords {
  constructor(private readonly store: Store) {}

  /** The borrower's loans in any of `statuses`, oldest first. */
  loansIn(userId: number, statuses: readonly LoanStatus[]): Promise<Array<{ order_no: string; status: LoanStatus }>> {
    return this.store.q
      .selectFrom('loans')
      .select(['order_no', 'status'])
      .where('user_id', '=', userId)
      .where('status', 'in', [...statuses])
      .orderBy('id')
      .execute();
  }

  /** Erases the personal fields (the pseudonym takes the names' place) and ends every session. */
  async close(userId: number, pseudonym: string, at: number): Promise<void> {
    await this.store.q
      .updateTable('users')
      .set({
        username: pseudonym,
        nickname: pseudonym,
        email: '',
        avatar: '',
        bio: '',
        password_hash: '',
        real_name: null,
        id_card: null,
        id_card_tail_index: null,
        sms_reminders: 0,
        credit_limit_fen: null,
        closed_at: at,
      })
      .where('id', '=', userId)
      .execute();
    await this.store.q.deleteFrom('tokens').where('user_id', '=', userId).execute();
  }

  /** The account's uploads that back no proof of payment (an avatar, a receipt never sent): not loan records. */
  async looseUploads(userId: number): Promise<string[]> {
    const rows = await this.store.q
      .selectFrom('uploads')
      .select('url')
      .where('user_id', '=', userId)
      .where('url', 'not in', (eb) =>
        eb
          .selectFrom('vouchers')
          .innerJoin('loans', 'loans.id', 'vouchers.loan_id')
          .select('vouchers.file_url')
          .where('loans.user_id', '=', userId),
      )
      .execute();
    return rows.map((row) => row.url);
  }

  async forgetUploads(userId: number, urls: readonly string[]): Promise<void> {
    if (urls.length > 0)
      await this.store.q
        .deleteFrom('uploads')
        .where('user_id', '=', userId)
        .where('url', 'in', [...urls])
        .execute();
  }

  /** Accounts closed at or before `closedBy` (epoch ms), a batch at a time. */
  closedBy(closedBy: number, limit: number): Promise<ClosedAccount[]> {
    return this.store.q
      .selectFrom('users')
      .select(['id', 'mobile'])
      .where('closed_at', 'is not', null)
      .where('closed_at', '<=', closedBy)
      .orderBy('closed_at')
      .limit(limit)
      .execute();
  }

  /** Every stored file of the account: its uploads and the receipts its proofs name. */
  async files(userId: number): Promise<string[]> {
    const uploads = await this.store.q.selectFrom('uploads').select('url').where('user_id', '=', userId).execute();
    const receipts = await this.store.q
      .selectFrom('vouchers')
      .innerJoin('loans', 'loans.id', 'vouchers.loan_id')
      .select('vouchers.file_url as url')
      .where('loans.user_id', '=', userId)
      .execute();
    return [...new Set([...uploads, ...receipts].map((row) => row.url))];
  }

  /** Deletes every row of the account, its loans' records and the account itself; the phone and ID number are free again after. */
  async erase(account: ClosedAccount): Promise<number> {
    const q = this.store.q;
    const loanIds = (await q.selectFrom('loans').select('id').where('user_id', '=', account.id).execute()).map((row) => row.id);
    if (loanIds.length > 0) {
      await q.deleteFrom('reminders').where('loan_id', 'in', loanIds).execute();
      await q.deleteFrom('payment_differences').where('loan_id', 'in', loanIds).execute();
      await q.deleteFrom('payments').where('loan_id', 'in', loanIds).execute();
      await q.deleteFrom('vouchers').where('loan_id', 'in', loanIds).execute();
      await q.deleteFrom('instalments').where('loan_id', 'in', loanIds).execute();
      await q.deleteFrom('loans').where('id', 'in', loanIds).execute();
    }
    for (const table of ['uploads', 'upload_usage', 'chunk_parts', 'chunk_sessions', 'consents', 'tokens'] as const)
      await q.deleteFrom(table).where('user_id', '=', account.id).execute();
    await q.deleteFrom('login_failures').where('account', '=', `user:${account.id}`).execute();
    await q.deleteFrom('sms_codes').where('mobile', '=', account.mobile).execute();
    await q.deleteFrom('sms_outbox').where('mobile', '=', account.mobile).execute();
    await q.deleteFrom('users').where('id', '=', account.id).execute();
    return loanIds.length;
  }
}
