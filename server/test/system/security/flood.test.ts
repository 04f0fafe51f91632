import { ADMIN_ENDPOINTS } from '@instalment/contract/api';
import { serverMessages } from '../../../src/i18n/server';
import { sql } from 'kysely';
import { USERNAME_MAX } from '@instalment/contract/api/schemas';
import { ENGINE, startServer, type TestServer } from '../../helpers';
import { flood, post, tally } from './traffic';

/**
 * The replay of issue 36: 150 operator logins, each with a 255,000-character username, once
 * filled the audit log with 38 MB. Now the schema refuses each before anything is written.
 */
const ATTEMPTS = 150;
const ATTACK_USERNAME = 'a'.repeat(255_000);
const MB = 1024 * 1024;

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** Every row of every table as JSON: what the database holds, the same way on either engine. */
async function storedBytes(): Promise<number> {
  const q = server.app.store.q;
  const tables =
    ENGINE === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(q)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
          q,
        );
  let bytes = 0;
  for (const { name } of tables.rows) {
    const rows = await sql`select * from ${sql.table(name)}`.execute(q);
    bytes += Buffer.byteLength(JSON.stringify(rows.rows));
  }
  return bytes;
}

test('150 logins with a 255,000-character username are refused by shape and add less than 1 MB to the database', async () => {
  const before = await storedBytes();
  const answers = await flood(ATTEMPTS, 4, () =>
    post(server.baseURL, ADMIN_ENDPOINTS.login, { username: ATTACK_USERNAME, password: 'x', totp: '123456' }),
  );
  const refusal = serverMessages.en.textTooLong.replace('{name}', 'username').replace('{max}', String(USERNAME_MAX));
  expect(tally(answers)).toEqual({ [refusal]: ATTEMPTS });
  expect((await storedBytes()) - before).toBeLessThan(MB);
});
