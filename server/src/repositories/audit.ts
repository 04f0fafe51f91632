import type { Selectable } from 'kysely';
import type { Store } from '../db/store';
import type { Tables } from '../db/tables';

export type AuditRow = Selectable<Tables['audit_log']>;

/** The audit log: rows are added and read, never changed (triggers refuse it on both engines). */
export class AuditRecords {
  constructor(private readonly store: Store) {}

  async add(entry: Omit<Tables['audit_log'], 'id'>): Promise<void> {
    await this.store.q.insertInto('audit_log').values(entry).execute();
  }

  /** Newest first; `target` narrows to one thing (a loan, a user, an article). */
  list(filter: { target?: string; limit: number; offset: number }): Promise<AuditRow[]> {
    let query = this.store.q.selectFrom('audit_log').selectAll();
    if (filter.target) query = query.where('target', '=', filter.target);
    return query.orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute();
  }
}
