import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import {
  DefaultConnectionProvider,
  DefaultQueryExecutor,
  Kysely,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  SqliteQueryCompiler,
  type CompiledQuery,
  type ConnectionProvider,
  type DatabaseConnection,
  type QueryResult,
} from 'kysely';
import type { SchemaTarget } from './schema';
import { Store } from './store';
import type { Tables } from './tables';

/** How long a statement waits for another connection's write lock before it fails. */
const BUSY_TIMEOUT_MS = 5_000;

/**
 * Waits for a busy database without blocking the event loop. SQLite's own busy timeout spins
 * inside the synchronous call, so a process holding a write transaction open across an await
 * could never finish it while another connection in the same process waited; here the wait is
 * a timer and the holder goes on.
 */
class PatientConnection implements DatabaseConnection {
  constructor(private readonly connection: DatabaseConnection) {}

  async executeQuery<R>(query: Parameters<DatabaseConnection['executeQuery']>[0]) {
    const deadline = Date.now() + BUSY_TIMEOUT_MS;
    for (let wait = 1; ; wait = Math.min(wait * 2, 25)) {
      try {
        return await this.connection.executeQuery<R>(query);
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
        await sleep(wait);
      }
    }
  }

  streamQuery<R>(...args: Parameters<DatabaseConnection['streamQuery']>) {
    return this.connection.streamQuery<R>(...args);
  }
}

/** The one connection, and whether a write's transaction (or a statement waiting behind one) holds it. */
class OneConnection extends SqliteDriver {
  held = false;
  private readonly ready = this.init();

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.ready;
    const connection = await super.acquireConnection();
    this.held = true;
    return new PatientConnection(connection);
  }

  override async releaseConnection(): Promise<void> {
    this.held = false;
    await super.releaseConnection();
  }
}

/** A statement as the query builder's SQLite driver runs it, without the promise around it. */
function runNow<R>(database: Database.Database, { sql, parameters }: CompiledQuery): QueryResult<R> {
  const statement = database.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/**
 * better-sqlite3 answers synchronously, yet the query builder queued every statement for the
 * one connection (a mutex) and passed it through a chain of awaits, which cost a point read
 * more than the statement itself. A statement outside a write runs at once when no transaction holds the connection,
 * which is every statement of a read; while one does (its work awaits between statements),
 * the statement waits its turn as before, so it never sees uncommitted rows. A write's own
 * statements take the held connection's path.
 */
class ImmediateExecutor extends DefaultQueryExecutor {
  constructor(
    private readonly database: Database.Database,
    private readonly driver: OneConnection,
    private readonly compiler = new SqliteQueryCompiler(),
    adapter = new SqliteAdapter(),
  ) {
    super(compiler, adapter, new DefaultConnectionProvider(driver));
  }

  override executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.driver.held) {
      try {
        return Promise.resolve(runNow<R>(this.database, compiled));
      } catch (error) {
        // Another process holds the file's write lock: the patient path waits for it.
        if ((error as { code?: string }).code !== 'SQLITE_BUSY') return Promise.reject(error as Error);
      }
    }
    return super.executeQuery<R>(compiled);
  }

  override withConnectionProvider(provider: ConnectionProvider): DefaultQueryExecutor {
    return new DefaultQueryExecutor(this.compiler, this.adapter, provider, [...this.plugins]);
  }
}

/**
 * Each SQL text is compiled once for the life of the connection (the query builder prepares
 * on every call). No statement's mode is changed with pluck/raw/expand, which a shared one would keep.
 */
function preparedOnce(database: Database.Database): void {
  const compile = database.prepare.bind(database);
  const statements = new Map<string, Database.Statement>();
  database.prepare = ((text: string) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = compile(text);
      statements.set(text, statement);
    }
    return statement;
  }) as Database.Database['prepare'];
}

/**
 * The database file readable by its owner only (0600, in a folder made 0700), whatever the umask:
 * it holds every account. SQLite gives the -wal and -shm files it creates the database file's
 * permissions, but keeps those of ones already there, and the -wal holds the newest rows. A
 * folder or file an earlier version left readable by others is narrowed too, when this user owns it.
 */
function ownerOnly(file: string): void {
  const folder = path.dirname(file);
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  narrowed(folder, 0o700);
  for (const part of [file, `${file}-wal`, `${file}-shm`]) if (fs.existsSync(part)) narrowed(part, 0o600);
}

/**
 * `target` set to `mode` when others may read it and this user owns it (no one else's folder is
 * changed), unless it is a folder everyone shares (sticky, as /tmp is: root owns it, and narrowing
 * it would shut every other user out of it).
 */
function narrowed(target: string, mode: number): void {
  const stat = fs.statSync(target);
  if (stat.mode & 0o1000) return;
  if (stat.mode & 0o077 && stat.uid === process.getuid?.()) fs.chmodSync(target, mode);
}

/**
 * The embedded engine: one SQLite file (or memory), one connection. Writers serialize on the
 * file's write lock (BEGIN IMMEDIATE), which holds across processes sharing the file too.
 */
export function openSqlite(file: string): { store: Store; schema: SchemaTarget } {
  if (file !== ':memory:') ownerOnly(file);
  const database = new Database(file);
  if (file !== ':memory:') database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 0');
  preparedOnce(database);
  const dialect = new SqliteDialect({ database });
  const driver = new OneConnection({ database });
  const root = new Kysely<Tables>({ config: { dialect }, dialect, driver, executor: new ImmediateExecutor(database, driver) });
  const store = new Store({
    engine: 'sqlite',
    root,
    begin: 'BEGIN IMMEDIATE',
    lock: async () => {},
    close: () => root.destroy(),
  });
  const schema: SchemaTarget = {
    async migrate(apply) {
      // All versions in one synchronous step: nothing else on this connection runs in between.
      const version = database.pragma('user_version', { simple: true }) as number;
      const pending: Array<() => void> = [];
      await apply(version, (migration) => {
        pending.push(() => {
          database.exec(migration.sql);
          for (const { select, update, change } of migration.rewrites) {
            const write = database.prepare(update);
            for (const row of database.prepare(select).all() as Array<Record<string, unknown>>) write.run(change(row));
          }
          database.pragma(`user_version = ${migration.version}`);
        });
      });
      database.transaction(() => pending.forEach((step) => step()))();
      return version;
    },
  };
  return { store, schema };
}
