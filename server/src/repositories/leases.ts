import { sql } from 'kysely';
import type { Store } from '../db/store';

/** Named leases: held by one holder until they expire, renewed by that holder alone. */
export class LeaseRecords {
  constructor(private readonly store: Store) {}

  /**
   * Takes the lease, or renews it, in one atomic upsert: it succeeds when nobody holds it, when
   * `holder` does, or when its holder let it expire. Whether `holder` holds it now.
   */
  async acquire(name: string, holder: string, now: number, ttlMs: number): Promise<boolean> {
    const row = await this.store.q
      .insertInto('leases')
      .values({ name, holder, expires_at: now + ttlMs })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ holder, expires_at: now + ttlMs })
          .where(sql<boolean>`leases.holder = ${holder} OR leases.expires_at <= ${now}`),
      )
      .returning('holder')
      .executeTakeFirst();
    return row?.holder === holder;
  }

  async release(name: string, holder: string): Promise<void> {
    await this.store.q.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
  }
}
