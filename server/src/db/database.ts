import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './schema';
import { seed } from './seed';

export type Db = Database.Database;

/** Opens (creating and seeding on first start) the database at `file`, or in memory for ':memory:'. */
export function openDatabase(file: string, nowMs: number): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  if (file !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  if (migrate(db)) seed(db, nowMs);
  preparedOnce(db);
  return db;
}

/**
 * Each SQL text is compiled once for the life of the connection: services keep writing
 * `db.prepare(sql)` where they use it, and get the statement compiled the first time. (No
 * service changes a statement's mode with pluck/raw/expand, which a shared statement would keep.)
 */
function preparedOnce(db: Db): void {
  const compile = db.prepare.bind(db);
  const statements = new Map<string, ReturnType<Db['prepare']>>();
  db.prepare = ((sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = compile(sql);
      statements.set(sql, statement);
    }
    return statement;
  }) as Db['prepare'];
}
