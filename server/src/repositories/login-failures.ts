import type { Store } from '../db/store';

/** Password tries that did not (or did not yet) succeed, per account and per client address. */
export class LoginFailureRecords {
  constructor(private readonly store: Store) {}

  async forget(beforeMs: number): Promise<void> {
    await this.store.q.deleteFrom('login_failures').where('at', '<=', beforeMs).execute();
  }

  async since(column: 'account' | 'address', key: string, sinceMs: number): Promise<{ n: number; oldest: number | null }> {
    return this.store.q
      .selectFrom('login_failures')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min<number | null>('at').as('oldest')])
      .where(column, '=', key)
      .where('at', '>', sinceMs)
      .executeTakeFirstOrThrow();
  }

  /** One account's failures from one address: how many, and when the last was. */
  async fromAddress(account: string, address: string, sinceMs: number): Promise<{ n: number; latest: number | null }> {
    const row = await this.store.q
      .selectFrom('login_failures')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max<number | null>('at').as('latest')])
      .where('account', '=', account)
      .where('address', '=', address)
      .where('at', '>', sinceMs)
      .executeTakeFirstOrThrow();
    return { n: Number(row.n), latest: row.latest === null ? null : Number(row.latest) };
  }

  /** The accounts' failures since then, counted per address. */
  async perAddress(accounts: readonly string[], sinceMs: number): Promise<Array<{ account: string; n: number }>> {
    if (accounts.length === 0) return [];
    const rows = await this.store.q
      .selectFrom('login_failures')
      .select((eb) => ['account', eb.fn.countAll<number>().as('n')])
      .where('account', 'in', accounts)
      .where('at', '>', sinceMs)
      .groupBy(['account', 'address'])
      .execute();
    return rows.map((row) => ({ account: row.account, n: Number(row.n) }));
  }

  async insert(account: string, address: string, at: number): Promise<number> {
    const row = await this.store.q.insertInto('login_failures').values({ account, address, at }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async delete(id: number): Promise<void> {
    await this.store.q.deleteFrom('login_failures').where('id', '=', id).execute();
  }

  async deleteAccount(account: string): Promise<void> {
    await this.store.q.deleteFrom('login_failures').where('account', '=', account).execute();
  }
}
