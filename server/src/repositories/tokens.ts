import { prepared, type Store } from '../db/store';
import type { UserRow } from '../db/tables';

const liveUser = prepared(
  (q, tokenHash: string, nowSeconds: number) =>
    q
      .selectFrom('tokens')
      .innerJoin('users', 'users.id', 'tokens.user_id')
      .selectAll('users')
      .where('tokens.token_hash', '=', tokenHash)
      .where('tokens.expiretime', '>', nowSeconds),
  'token-hash',
  -1,
);

/** Sessions, by the hash of their token (a leaked table hands out none). Times in epoch seconds. */
export class TokenRecords {
  constructor(private readonly store: Store) {}

  async insert(tokenHash: string, userId: number, createtime: number, expiretime: number): Promise<void> {
    await this.store.q.insertInto('tokens').values({ token_hash: tokenHash, user_id: userId, createtime, expiretime }).execute();
  }

  /** The account of a live token, in one query (every signed-in request asks). */
  async liveUser(tokenHash: string, nowSeconds: number): Promise<UserRow | null> {
    const [row] = await liveUser(this.store, tokenHash, nowSeconds);
    return row ?? null;
  }

  /**
   * The account of a live token if it is still open, read again inside a write and held until it
   * commits (Store.held): closing the account or ending the session waits for the write, or the
   * write waits for them and finds nothing.
   */
  async heldOpenUser(tokenHash: string, nowSeconds: number): Promise<UserRow | null> {
    const row = await this.store
      .held(
        this.store.q
          .selectFrom('tokens')
          .innerJoin('users', 'users.id', 'tokens.user_id')
          .selectAll('users')
          .where('tokens.token_hash', '=', tokenHash)
          .where('tokens.expiretime', '>', nowSeconds)
          .where('users.closed_at', 'is', null),
      )
      .executeTakeFirst();
    return row ?? null;
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
