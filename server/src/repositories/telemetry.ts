import { sql } from 'kysely';
import type { Store } from '../db/store';
import type { Tables } from '../db/tables';

export type ViewRow = Omit<Tables['telemetry_views'], 'id'>;
export type ErrorGroup = Omit<Tables['telemetry_errors'], 'id'>;

/** A release's views in a window: how many, how many fell back, and how many carry each speed figure. */
export interface ViewCounts {
  views: number;
  fallbacks: number;
  lcp: number;
  inp: number;
}

/** One error of a release in a window. */
export interface ErrorInWindow {
  kind: ErrorGroup['kind'];
  message: string;
  source: string | null;
  count: number;
  last_at: number;
}

/** Browsers' reports as stored: page views, and errors grouped per remote release and fingerprint. */
export class TelemetryRecords {
  constructor(private readonly store: Store) {}

  /** One statement for a batch's views. */
  async addViews(rows: readonly ViewRow[]): Promise<void> {
    if (rows.length > 0) await this.store.q.insertInto('telemetry_views').values(rows).execute();
  }

  /**
   * Groups not seen before are created; returns the fingerprints this call created (so that
   * another process, or an earlier batch, having made one first, it is not announced twice).
   */
  async addGroups(groups: readonly ErrorGroup[]): Promise<Set<string>> {
    if (groups.length === 0) return new Set();
    const created = await this.store.q
      .insertInto('telemetry_errors')
      .values(groups)
      .onConflict((oc) => oc.columns(['remote', 'release', 'fingerprint']).doNothing())
      .returning(['remote', 'release', 'fingerprint'])
      .execute();
    return new Set(created.map((row) => groupKey(row)));
  }

  /** Counts a batch's errors against their groups (which exist: `addGroups` first). */
  async countErrors(counts: ReadonlyArray<{ remote: string; release: string; fingerprint: string; count: number }>, at: number) {
    if (counts.length === 0) return;
    const groups = await this.store.q
      .selectFrom('telemetry_errors')
      .select(['id', 'remote', 'release', 'fingerprint'])
      .where('fingerprint', 'in', [...new Set(counts.map((count) => count.fingerprint))])
      .execute();
    const ids = new Map(groups.map((group) => [groupKey(group), group.id]));
    await this.store.q
      .insertInto('telemetry_error_counts')
      .values(counts.map((count) => ({ error_id: ids.get(groupKey(count))!, count: count.count, at })))
      .execute();
  }

  async viewCounts(remote: string, release: string, since: number): Promise<ViewCounts> {
    const row = await this.store.q
      .selectFrom('telemetry_views')
      .select((eb) => [
        eb.fn.countAll<number>().as('views'),
        eb.fn.coalesce(eb.fn.sum<number>('fallback'), sql<number>`0`).as('fallbacks'),
        eb.fn.count<number>('lcp_ms').as('lcp'),
        eb.fn.count<number>('inp_ms').as('inp'),
      ])
      .where('remote', '=', remote)
      .where('release', '=', release)
      .where('at', '>=', since)
      .executeTakeFirstOrThrow();
    return { views: Number(row.views), fallbacks: Number(row.fallbacks), lcp: Number(row.lcp), inp: Number(row.inp) };
  }

  /** The `rank`-th smallest (from 1) of a speed figure over a release's views since `since`. */
  async ranked(remote: string, release: string, since: number, figure: 'lcp_ms' | 'inp_ms', rank: number): Promise<number | null> {
    const row = await this.store.q
      .selectFrom('telemetry_views')
      .select(figure)
      .where('remote', '=', remote)
      .where('release', '=', release)
      .where('at', '>=', since)
      .where(figure, 'is not', null)
      .orderBy(figure)
      .limit(1)
      .offset(rank - 1)
      .executeTakeFirst();
    return row?.[figure] ?? null;
  }

  /** When a release's `nth` newest view arrived; null when it has fewer. */
  async nthNewestViewAt(remote: string, release: string, nth: number): Promise<number | null> {
    const row = await this.store.q
      .selectFrom('telemetry_views')
      .select('at')
      .where('remote', '=', remote)
      .where('release', '=', release)
      .orderBy('at', 'desc')
      .limit(1)
      .offset(nth - 1)
      .executeTakeFirst();
    return row?.at ?? null;
  }

  /** A release's errors since `since`, the most frequent first. */
  errorsSince(remote: string, release: string, since: number, limit?: number): Promise<ErrorInWindow[]> {
    const query = this.store.q
      .selectFrom('telemetry_error_counts as c')
      .innerJoin('telemetry_errors as e', 'e.id', 'c.error_id')
      .select((eb) => [
        'e.kind',
        'e.message',
        'e.source',
        eb.fn.sum<number>('c.count').as('count'),
        eb.fn.max<number>('c.at').as('last_at'),
      ])
      .where('e.remote', '=', remote)
      .where('e.release', '=', release)
      .where('c.at', '>=', since)
      .groupBy(['e.id', 'e.kind', 'e.message', 'e.source'])
      .orderBy('count', 'desc')
      .orderBy('last_at', 'desc');
    return (limit === undefined ? query : query.limit(limit))
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, count: Number(row.count), last_at: Number(row.last_at) })));
  }

  /** How many errors a release had since `since`. */
  async errorCountSince(remote: string, release: string, since: number): Promise<number> {
    const row = await this.store.q
      .selectFrom('telemetry_error_counts as c')
      .innerJoin('telemetry_errors as e', 'e.id', 'c.error_id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('c.count'), sql<number>`0`).as('errors'))
      .where('e.remote', '=', remote)
      .where('e.release', '=', release)
      .where('c.at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.errors);
  }

  /** Forgets what arrived before `before`: views, error counts, and the groups no count is left of. */
  async forgetBefore(before: number): Promise<void> {
    await this.store.q.deleteFrom('telemetry_views').where('at', '<', before).execute();
    await this.store.q.deleteFrom('telemetry_error_counts').where('at', '<', before).execute();
    await this.store.q
      .deleteFrom('telemetry_errors')
      .where('first_at', '<', before)
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('telemetry_error_counts as c').select('c.error_id').whereRef('c.error_id', '=', 'telemetry_errors.id')),
        ),
      )
      .execute();
  }
}

/** A group's identity as one string. */
export const groupKey = (group: { remote: string; release: string; fingerprint: string }) =>
  `${group.remote}\n${group.release}\n${group.fingerprint}`;
