import { sql, type Insertable, type Selectable } from 'kysely';
import type { Store } from '../db/store';
import type { Tables } from '../db/tables';

export type AuditRow = Selectable<Tables['audit_log']>;

/** The audit log: rows are added and read, never changed but for a tally's count (triggers refuse the rest on both engines). */
export class AuditRecords {
  constructor(private readonly store: Store) {}

  async add(entry: Insertable<Tables['audit_log']>): Promise<void> {
    await this.store.q.insertInto('audit_log').values(entry).execute();
  }

  /** Counts one more under the row of `entry.tally`, added by the first: the one change the triggers allow. */
  async tally(entry: Insertable<Tables['audit_log']> & { tally: string; at: number }): Promise<void> {
    await this.store.q
      .insertInto('audit_log')
      .values({ ...entry, repeats: 1, last_at: entry.at })
      .onConflict((oc) =>
        oc
          .column('tally')
          .where('tally', 'is not', null)
          .doUpdateSet({
            repeats: sql<number>`audit_log.repeats + 1`,
            // Processes' clocks may differ a little: the latest time only ever grows.
            last_at: sql<number>`CASE WHEN excluded.last_at > audit_log.last_at THEN excluded.last_at ELSE audit_log.last_at END`,
          }),
      )
      .execute();
  }

  /** Newest first; `target` narrows to one thing (a loan, a user, an article). */
  list(filter: { target?: string; limit: number; offset: number }): Promise<AuditRow[]> {
    let query = this.store.q.selectFrom('audit_log').selectAll();
    if (filter.target) query = query.where('target', '=', filter.target);
    return query.orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute();
  }
}
