import { sql } from 'kysely';
import type { Store } from '../db/store';

export interface WindowCount {
  hits: number;
  window_start: number;
}

/** Requests counted per limited route (bucket) and client key, in fixed windows. */
export class RateLimitRecords {
  constructor(private readonly store: Store) {}

  /** Counts one request in one atomic upsert: a window that has passed starts again at `now`. */
  hit(bucket: string, key: string, now: number, windowMs: number): Promise<WindowCount> {
    const expired = sql<boolean>`rate_limits.window_start + ${windowMs} <= ${now}`;
    return this.store.q
      .insertInto('rate_limits')
      .values({ bucket, key, window_start: now, hits: 1 })
      .onConflict((oc) =>
        oc.columns(['bucket', 'key']).doUpdateSet({
          hits: sql<number>`CASE WHEN ${expired} THEN 1 ELSE rate_limits.hits + 1 END`,
          window_start: sql<number>`CASE WHEN ${expired} THEN ${now} ELSE rate_limits.window_start END`,
        }),
      )
      .returning(['hits', 'window_start'])
      .executeTakeFirstOrThrow();
  }

  async peek(bucket: string, key: string): Promise<WindowCount | null> {
    const row = await this.store.q
      .selectFrom('rate_limits')
      .select(['hits', 'window_start'])
      .where('bucket', '=', bucket)
      .where('key', '=', key)
      .executeTakeFirst();
    return row ?? null;
  }

  async forgetBefore(ms: number): Promise<void> {
    await this.store.q.deleteFrom('rate_limits').where('window_start', '<', ms).execute();
  }
}
