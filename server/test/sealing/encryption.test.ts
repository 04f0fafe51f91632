import { randomBytes } from 'node:crypto';
import { createLoan, orderDetail } from '@instalment/contract/api';
import { maskBankCard, maskIdCard } from '@instalment/contract/format';
import { sql } from 'kysely';
import { keyIdOf, parseDataKeys } from '../../src/sealing/field-cipher';
import type { Store } from '../../src/db/store';
import { ENGINE, refusal, sharedDatabase, signUp, startServer, type TestDatabase, type TestServer } from '../helpers';
import { everyRow, runCommand } from '../db/raw';

const K1 = randomBytes(32).toString('base64');
const K2 = randomBytes(32).toString('base64');
const INDEX = randomBytes(32).toString('base64');
const BEFORE = { DATA_KEYS: `k1:${K1}*`, DATA_INDEX_KEY: INDEX };
/** The next key is given to the API first (current, with the old one kept to read), then rotate-keys runs. */
const AFTER = { DATA_KEYS: `k2:${K2}*,k1:${K1}`, DATA_INDEX_KEY: INDEX };

/** The key id of every sealed value in the database. */
async function keyIds(store: Store): Promise<string[]> {
  const { rows } = await sql<{ value: string }>`
    SELECT id_card AS value FROM users WHERE id_card IS NOT NULL
    UNION ALL SELECT id_card FROM loans
    UNION ALL SELECT bank_card FROM loans`.execute(store.q);
  return rows.map((row) => keyIdOf(row.value));
}

let database: TestDatabase;
let server: TestServer;
afterEach(async () => {
  await server?.close();
  await database.drop();
});

const serve = (keys: { DATA_KEYS: string; DATA_INDEX_KEY: string }) =>
  startServer({ ...database.options, dataKeys: parseDataKeys(keys.DATA_KEYS, keys.DATA_INDEX_KEY) });

test(`no ID number or bank card is kept in clear, one ID number still opens one account, and rotate-keys re-encrypts every row (${ENGINE})`, async () => {
  database = await sharedDatabase();
  server = await serve(BEFORE);
  const borrower = await signUp(server);
  const { id_card, bank_card } = borrower.application;
  const { order_no } = await createLoan(borrower.http, borrower.application);

  const stored = await everyRow(server.app.store);
  expect(stored).toContain(order_no);
  expect(stored).not.toContain(id_card);
  expect(stored).not.toContain(bank_card);
  const shown = await orderDetail(borrower.http, { order_no });
  expect([shown.id_card, shown.bank_card]).toEqual([maskIdCard(id_card), maskBankCard(bank_card)]);

  const other = await signUp(server);
  const taken = await refusal(createLoan(other.http, { ...other.application, id_card }));
  expect(taken.message).toBe('This ID card is registered to another account.');
  expect(await keyIds(server.app.store)).toEqual(['k1', 'k1', 'k1']);

  await server.close();
  server = await serve(AFTER);
  const [borrowerNow, otherNow] = [borrower, other].map((client) => Object.assign(server.client(), { token: client.token }));
  // The API keeps taking applications while the command runs beside it.
  const [rotation] = await Promise.all([runCommand('rotate-keys', database.options, AFTER), createLoan(otherNow.http, other.application)]);
  expect(rotation.code).toBe(0);
  expect(JSON.parse(rotation.stdout)).toMatchObject({ current: 'k2', remaining: 0 });
  expect(rotation.stdout + rotation.stderr).not.toContain(id_card);
  expect(await keyIds(server.app.store)).toEqual(['k2', 'k2', 'k2', 'k2', 'k2', 'k2']);

  expect(await orderDetail(borrowerNow.http, { order_no })).toEqual(shown);
  const again = await signUp(server);
  expect((await refusal(createLoan(again.http, { ...again.application, id_card }))).message).toBe(taken.message);
});
