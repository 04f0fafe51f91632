import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Kysely } from 'kysely';
import type { Tables } from './tables';

export type Engine = 'sqlite' | 'postgres';
export type Query = Kysely<Tables>;

/** What an engine adds to the store: how a write transaction starts and how it serializes. */
export interface EngineParts {
  engine: Engine;
  root: Query;
  /** BEGIN for a write: SQLite takes the database's write lock at once (IMMEDIATE). */
  begin: string;
  /** Takes the named locks inside the open transaction (PostgreSQL), or nothing where BEGIN already serialized every writer (SQLite). */
  lock(conn: Query, names: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * The database as services see it. `q` is the executor for this moment: the open write
 * transaction's when there is one (so a read inside a write sees the write and never waits for
 * another connection), the pool's otherwise. `write` runs a check-then-write sequence as one
 * transaction, serialized against every other write that names one of the same locks — in this
 * process and in any other on the same database. A write inside a write joins it.
 */
export class Store {
  private readonly current = new AsyncLocalStorage<Query>();

  constructor(private readonly parts: EngineParts) {}

  get engine(): Engine {
    return this.parts.engine;
  }

  get q(): Query {
    return this.current.getStore() ?? this.parts.root;
  }

  async write<T>(locks: readonly string[], work: () => Promise<T>): Promise<T> {
    const open = this.current.getStore();
    if (open) {
      await this.parts.lock(open, locks);
      return work();
    }
    return this.parts.root.connection().execute(async (conn) => {
      await sql.raw(this.parts.begin).execute(conn);
      try {
        await this.parts.lock(conn, [...new Set(locks)].sort());
        const result = await this.current.run(conn, work);
        await sql.raw('COMMIT').execute(conn);
        return result;
      } catch (error) {
        await sql.raw('ROLLBACK').execute(conn);
        throw error;
      }
    });
  }

  /**
   * Runs a statement that may fail on a unique index without ending the open write: PostgreSQL
   * aborts a whole transaction on a failed statement unless it ran under a savepoint.
   */
  async attempt<T>(work: () => Promise<T>): Promise<T> {
    const open = this.current.getStore();
    if (!open || this.parts.engine === 'sqlite') return work();
    await sql.raw('SAVEPOINT attempt').execute(open);
    try {
      const result = await work();
      await sql.raw('RELEASE SAVEPOINT attempt').execute(open);
      return result;
    } catch (error) {
      await sql.raw('ROLLBACK TO SAVEPOINT attempt').execute(open);
      throw error;
    }
  }

  close(): Promise<void> {
    return this.parts.close();
  }
}

/** Whether a statement failed on a unique index (two sign-ups for one phone at the same moment…). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
