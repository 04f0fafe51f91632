import type { FieldCipher } from '../../sealing/field-cipher';

/** One step of the schema: see `MIGRATIONS` (./index.ts) for how steps are written and applied. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Where PostgreSQL needs statements of its own (triggers): its whole script, still read through `postgresDdl`. */
  postgres?: string;
  /** Rows rewritten after the SQL, for values SQL cannot compute (ciphertexts under the configured keys). */
  rewrite?(cipher: FieldCipher): readonly RowRewrite[];
}

/**
 * Each row `select` finds is written back by `update` (`?` placeholders) with the values
 * `change` gives, in the migration's own transaction.
 */
export interface RowRewrite {
  select: string;
  update: string;
  change(row: Record<string, unknown>): unknown[];
}

/** A migration as an engine runs it: its rewrites bound to the keys. */
export type MigrationStep = Pick<Migration, 'version' | 'sql' | 'postgres'> & { rewrites: readonly RowRewrite[] };
