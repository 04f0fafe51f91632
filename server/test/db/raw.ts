import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import type { Store } from '../../src/db/store';
import type { TestDatabase } from '../helpers';

const SERVER_ROOT = path.resolve(__dirname, '..', '..');

/** Every row of every table, as text: what a copy of the database file or a pg_dump would show. */
export async function everyRow(store: Store): Promise<string> {
  const tables =
    store.engine === 'postgres'
      ? await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()`.execute(
          store.q,
        )
      : await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(store.q);
  const dumps = await Promise.all(
    tables.rows.map(async ({ name }) => JSON.stringify((await sql`SELECT * FROM ${sql.table(name)}`.execute(store.q)).rows)),
  );
  return dumps.join('\n');
}

/** One of the server's commands (`src/cli/<name>.ts`) as `npm run <name> -w server` runs it, on `database`; resolves with its exit code and output. */
export function runCommand(
  name: string,
  database: TestDatabase['options'],
  env: Record<string, string> = {},
  args: string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${name}.ts`, ...args], {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : { DATABASE_FILE: database.databaseFile }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}
