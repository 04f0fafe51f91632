import type { ReleaseChange, RemoteRelease } from '@instalment/contract/api';
import { iso } from '../runtime/context';
import type { Store } from '../db/store';

/** A change as the service files it: the entries as the config held them, `at` in epoch ms. */
export interface NewReleaseChange {
  remote: string;
  action: ReleaseChange['action'];
  from: RemoteRelease | null;
  to: RemoteRelease;
  by: string;
  reason: string | null;
  at: number;
}

/** The history of the remotes' releases (migration 027), newest first. */
export class ReleaseRecords {
  constructor(private readonly store: Store) {}

  async add(change: NewReleaseChange): Promise<void> {
    await this.store.q
      .insertInto('release_changes')
      .values({
        remote: change.remote,
        action: change.action,
        from_entry: change.from === null ? null : JSON.stringify(change.from),
        to_entry: JSON.stringify(change.to),
        changed_by: change.by,
        reason: change.reason,
        at: change.at,
      })
      .execute();
  }

  /** A remote's changes, newest first; `limit`: only the newest that many. */
  async of(remote: string, limit?: number): Promise<ReleaseChange[]> {
    let query = this.store.q.selectFrom('release_changes').selectAll().where('remote', '=', remote).orderBy('id', 'desc');
    if (limit !== undefined) query = query.limit(limit);
    const rows = await query.execute();
    return rows.map((row) => ({
      id: Number(row.id),
      remote: row.remote,
      action: row.action,
      from: row.from_entry === null ? null : (JSON.parse(row.from_entry) as RemoteRelease),
      to: JSON.parse(row.to_entry) as RemoteRelease,
      by: row.changed_by,
      reason: row.reason,
      at: iso(Number(row.at)),
    }));
  }
}
