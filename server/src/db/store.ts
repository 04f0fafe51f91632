import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Compilable, type CompiledQuery, type Kysely } from 'kysely';
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

/** What must still hold for a write to be made, checked inside it: it throws to refuse the write. */
export type WriteCheck = (tx: Store) => Promise<void>;

const writeChecks = new AsyncLocalStorage<WriteCheck>();

/**
 * Runs `work` so that every write it begins (`Store.write`, however deep in the services) first
 * runs `check` in its own transaction, after its locks. A request made for a signed-in borrower or
 * operator runs its handler so (http/session-writes.ts): authority read when the request began is
 * read again where it is acted on, whichever service writes. Async context, unlike the transaction
 * itself (passed by hand), because the check belongs to the request and not to any one service.
 */
export function checkingWrites<T>(check: WriteCheck, work: () => T): T {
  return writeChecks.run(check, work);
}

/**
 * The database as repositories see it. `q` runs a query: on the pool, or — for the store a
 * write hands its work — on that write's transaction. `write` runs a check-then-write sequence
 * as one transaction, serialized against every other write that names one of the same locks,
 * in this process and in any other on the same database; a write begun on a transaction's
 * store joins that transaction. The transaction is passed by hand, not found through async
 * context: the services build their repositories on the store they are given (`on(tx)`).
 */
export class Store {
  constructor(
    private readonly parts: EngineParts,
    private readonly transaction: Query | null = null,
  ) {}

  /** The locks the transaction holds: a write that joins it asks only for those it does not (each costs a round trip). */
  private readonly locks = new Set<string>();

  get engine(): Engine {
    return this.parts.engine;
  }

  get q(): Query {
    return this.transaction ?? this.parts.root;
  }

  async write<T>(locks: readonly string[], work: (tx: Store) => Promise<T>): Promise<T> {
    if (this.transaction) {
      const more = locks.filter((name) => !this.locks.has(name));
      await this.parts.lock(this.transaction, more);
      for (const name of more) this.locks.add(name);
      return work(this);
    }
    return this.parts.root.connection().execute(async (conn) => {
      await sql.raw(this.parts.begin).execute(conn);
      try {
        const tx = new Store(this.parts, conn);
        for (const name of locks) tx.locks.add(name);
        await this.parts.lock(conn, [...tx.locks].sort());
        // Once per transaction: a nested write joins one already checked.
        await writeChecks.getStore()?.(tx);
        const result = await work(tx);
        await sql.raw('COMMIT').execute(conn);
        return result;
      } catch (error) {
        await sql.raw('ROLLBACK').execute(conn);
        throw error;
      }
    });
  }

  /**
   * `query` holding the rows it reads until the write it runs in commits, so that what it read
   * cannot change before the write acts on it: PostgreSQL locks them as an UPDATE of them would
   * (FOR NO KEY UPDATE: a writer of those rows waits, and a reader that waited reads their newest
   * version); SQLite's write already holds the whole database (BEGIN IMMEDIATE). Outside a write, as it is.
   */
  held<Q extends { forNoKeyUpdate(): Q }>(query: Q): Q {
    return this.transaction && this.parts.engine === 'postgres' ? query.forNoKeyUpdate() : query;
  }

  /**
   * Runs a statement that may fail on a unique index without ending the open write: PostgreSQL
   * aborts a whole transaction on a failed statement unless it ran under a savepoint.
   */
  async attempt<T>(work: () => Promise<T>): Promise<T> {
    if (!this.transaction || this.parts.engine === 'sqlite') return work();
    await sql.raw('SAVEPOINT attempt').execute(this.transaction);
    try {
      const result = await work();
      await sql.raw('RELEASE SAVEPOINT attempt').execute(this.transaction);
      return result;
    } catch (error) {
      await sql.raw('ROLLBACK TO SAVEPOINT attempt').execute(this.transaction);
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

/**
 * A statement built and compiled once, then run with fresh values: for the few that run on
 * nearly every request (a session's lookup), where building and compiling the query cost as
 * much as running it. `build` is called once per engine with `markers`, a distinct value for
 * each value the statement takes; a run passes its values in the same order.
 */
export function prepared<A extends ReadonlyArray<string | number>, R>(
  build: (q: Query, ...values: A) => Compilable<R>,
  ...markers: NoInfer<A>
): (store: Store, ...values: A) => Promise<R[]> {
  const compiled = new Map<Engine, { query: CompiledQuery<R>; from: number[] }>();
  const compile = (q: Query) => {
    const query = build(q, ...markers).compile();
    const from = query.parameters.map((parameter) => markers.indexOf(parameter as A[number]));
    if (from.includes(-1) || markers.some((_marker, index) => !from.includes(index)))
      throw new Error(`prepared: the markers of ${query.sql} must be distinct and each its own parameter`);
    return { query, from };
  };
  return async (store, ...values) => {
    let statement = compiled.get(store.engine);
    if (!statement) {
      statement = compile(store.q);
      compiled.set(store.engine, statement);
    }
    const parameters = statement.from.map((index) => values[index]);
    return (await store.q.executeQuery<R>({ ...statement.query, parameters })).rows;
  };
}
