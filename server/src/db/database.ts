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
  return db;
}
