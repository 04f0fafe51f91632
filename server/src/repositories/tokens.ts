import type { Store } from '../db/store';

/** Sessions, by the hash of their token (a leaked table hands out none). Times in epoch seconds. */
export class TokenRecords {
  constructor(private readonly store: Store) {}

  async insert(tokenHash: string, userId: number, createtime: number, expiretime: number): Promise<void> {
    await this.store.q.insertInto('tokens').values({ token_hash: tokenHash, user_id: userId, createtime, expiretime }).execute();
  }

  async liveUserId(tokenHash: string, nowSeconds: number): Promise<number | null> {
    const row = await this.store.q
      .selectFrom('tokens')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .where('expiretime', '>', nowSeconds)
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  async delete(tokenHash: string): Promise<void> {
    await this.store.q.deleteFrom('tokens').where('token_hash', '=', tokenHash).execute();
  }

  async deleteAllOfBut(userId: number, keepHash: string): Promise<void> {
    await this.store.q.deleteFrom('tokens').where('user_id', '=', userId).where('token_hash', '!=', keepHash).execute();
  }

  /** Sets every live token of the user to expire at `expiretime`; returns how many. */
  async expireAllOf(userId: number, expiretime: number): Promise<number> {
    const result = await this.store.q
      .updateTable('tokens')
      .set({ expiretime })
      .where('user_id', '=', userId)
      .where('expiretime', '>', expiretime)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async deleteExpiredBefore(seconds: number): Promise<void> {
    await this.store.q.deleteFrom('tokens').where('expiretime', '<=', seconds).execute();
  }
}
