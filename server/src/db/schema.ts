import type Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations';

/**
 * Brings the database to the newest schema; returns true when it was empty (so the caller seeds).
 * A database newer than this server is refused rather than guessed at.
 */
export function migrate(db: Database.Database): boolean {
  const version = db.pragma('user_version', { simple: true }) as number;
  const latest = MIGRATIONS[MIGRATIONS.length - 1].version;
  if (version > latest) throw new Error(`The database has schema version ${version}; this server knows up to version ${latest}.`);
  for (const migration of MIGRATIONS) {
    if (migration.version <= version) continue;
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
  return version === 0;
}
