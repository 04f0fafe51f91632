import type { Migration } from './migration';

/**
 * The history of the remotes' releases (issue 51): each change of a remote's entry in the hosts'
 * config.json — a release, a canary, a promotion, a rollback, an automatic abort — with the entry
 * before and after (a manifest URL or the canary form, as JSON), who made it (an operator, a
 * team's command `cli:<user>`, or `system`) and, for an abort, why in figures. Rollback reads the
 * stable before from it; the Releases screen reads since when each release is live.
 */
export const releases: Migration = {
  version: 27,
  name: 'releases',
  sql: `
      CREATE TABLE release_changes (
        id INTEGER PRIMARY KEY,
        remote TEXT NOT NULL,
        action TEXT NOT NULL,
        from_entry TEXT,
        to_entry TEXT NOT NULL,
        changed_by TEXT NOT NULL,
        reason TEXT,
        at INTEGER NOT NULL
      );
      CREATE INDEX release_changes_remote ON release_changes (remote, id);
  `,
};
