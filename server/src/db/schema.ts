import type { FieldCipher } from '../sealing/field-cipher';
import { MIGRATIONS, type MigrationStep } from './migrations';

/** How an engine reads its schema version and applies a migration with it, as one step. */
export interface SchemaTarget {
  /** Calls `apply` with the version found, under whatever keeps other processes from migrating at once; returns that version. */
  migrate(apply: (version: number, run: (migration: MigrationStep) => void | Promise<void>) => Promise<void>): Promise<number>;
}

/**
 * Brings the database to the newest schema; returns true when it was empty (so the caller seeds).
 * A database newer than this server is refused rather than guessed at.
 */
export async function migrate(target: SchemaTarget, cipher: FieldCipher): Promise<boolean> {
  const latest = MIGRATIONS[MIGRATIONS.length - 1].version;
  const found = await target.migrate(async (version, run) => {
    if (version > latest) throw new Error(`The database has schema version ${version}; this server knows up to version ${latest}.`);
    for (const migration of MIGRATIONS)
      if (migration.version > version) await run({ ...migration, rewrites: migration.rewrite?.(cipher) ?? [] });
  });
  return found === 0;
}
