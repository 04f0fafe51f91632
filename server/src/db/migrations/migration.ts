/** One step of the schema: see `MIGRATIONS` (./index.ts) for how steps are written and applied. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Where PostgreSQL needs statements of its own (triggers): its whole script, still read through `postgresDdl`. */
  postgres?: string;
}
