import { randomBytes } from 'node:crypto';
import { createLoan, orderDetail } from '@instalment/contract/api';
import { sql } from 'kysely';
import { buildApp } from '../../src/app';
import { DEVELOPMENT_DATA_KEYS, FieldCipher, parseDataKeys, type DataKeys } from '../../src/sealing/field-cipher';
import { keyChecks } from '../../src/db/migrations/019-key-checks';
import type { Store } from '../../src/db/store';
import { ENGINE, refusal, sharedDatabase, signUp, startServer, TEST_OPTIONS, type TestDatabase, type TestServer } from '../helpers';
import { runCommand } from '../db/raw';

const key = () => randomBytes(32).toString('base64');
const K1 = key();
const OTHER_K1 = key();
const K2 = key();
const INDEX = key();
const EVERY_KEY = [K1, OTHER_K1, K2, INDEX];

type Keys = Record<'DATA_KEYS' | 'DATA_INDEX_KEY', string>;
const keys = (dataKeys: string, indexKey = INDEX): Keys => ({ DATA_KEYS: dataKeys, DATA_INDEX_KEY: indexKey });
const dataKeysOf = (given: Keys | null): DataKeys | null => (given ? parseDataKeys(given.DATA_KEYS, given.DATA_INDEX_KEY) : null);

let database: TestDatabase;
let server: TestServer | null = null;
beforeEach(async () => {
  database = await sharedDatabase();
});
afterEach(async () => {
  await server?.close();
  server = null;
  await database.drop();
});

/** The API on the shared database with `given` keys (null: the development defaults). */
async function serve(given: Keys | null): Promise<TestServer> {
  server = await startServer({ ...database.options, dataKeys: dataKeysOf(given) });
  return server;
}

/** The sentence a start with `given` keys is refused with; fails the test when it starts. */
async function refusedStart(given: Keys | null): Promise<string> {
  const app = buildApp({ ...TEST_OPTIONS, ...database.options, dataKeys: dataKeysOf(given) });
  const started = await app.ready().then(
    () => null,
    (error: Error) => error.message,
  );
  await app.close();
  if (started === null) throw new Error('the API started with keys it should have refused');
  for (const bytes of EVERY_KEY) expect(started).not.toContain(bytes);
  return started;
}

/** A borrower with a loan under the keys `running` holds: sealed ID number and bank card, and the ID number's blind index. */
async function borrow(running: TestServer) {
  const borrower = await signUp(running);
  const { order_no } = await createLoan(borrower.http, borrower.application);
  return { borrower, order_no };
}

test(`restarted with other bytes under key id k1, the start is refused naming k1, and the right key starts it again (${ENGINE})`, async () => {
  const { borrower, order_no } = await borrow(await serve(keys(`k1:${K1}*`)));
  const shown = await orderDetail(borrower.http, { order_no });
  await server!.close();
  server = null;

  expect(await refusedStart(keys(`k1:${OTHER_K1}*`))).toMatch(/key id "k1"/);

  const again = await serve(keys(`k1:${K1}*`));
  expect(await orderDetail(Object.assign(again.client(), { token: borrower.token }).http, { order_no })).toEqual(shown);
  expect((await fetch(`${again.baseURL}/health/ready`)).status).toBe(200);
});

test(`with another DATA_INDEX_KEY the start is refused, so a second account cannot take the first one's ID number (${ENGINE})`, async () => {
  const first = await borrow(await serve(keys(`k1:${K1}*`)));
  await server!.close();
  server = null;

  expect(await refusedStart(keys(`k1:${K1}*`, key()))).toMatch(/DATA_INDEX_KEY/);

  const again = await serve(keys(`k1:${K1}*`));
  const second = await signUp(again);
  const taken = await refusal(createLoan(second.http, { ...second.application, id_card: first.borrower.application.id_card }));
  expect(taken.message).toBe('This ID card is registered to another account.');
});

test(`a key id rows are still sealed under cannot be left out of DATA_KEYS until rotate-keys has re-sealed them, and rotation stores the new key's check (${ENGINE})`, async () => {
  const { borrower, order_no } = await borrow(await serve(keys(`k1:${K1}*`)));
  await server!.close();
  server = null;

  expect(await refusedStart(keys(`k2:${K2}*`))).toMatch(/key id "k1"/);

  const rotation = await runCommand('rotate-keys', database.options, keys(`k2:${K2}*,k1:${K1}`));
  expect(rotation.code).toBe(0);
  // rotate-keys stored k2's check: other bytes under k2 are now refused as k1's were.
  expect(await refusedStart(keys(`k2:${key()}*,k1:${K1}`))).toMatch(/key id "k2"/);

  // A rolling restart: a process still holding k1 stays ready while the next starts without it.
  const holding = await startServer({ ...database.options, dataKeys: dataKeysOf(keys(`k2:${K2}*,k1:${K1}`)) });
  const rotated = await serve(keys(`k2:${K2}*`));
  expect((await orderDetail(Object.assign(rotated.client(), { token: borrower.token }).http, { order_no })).order_no).toBe(order_no);
  expect((await fetch(`${holding.baseURL}/health/ready`)).status).toBe(200);
  await holding.close();
});

test(`two processes starting at once with other bytes under a new key id: one check is stored, and the other start is refused (${ENGINE})`, async () => {
  await borrow(await serve(keys(`k1:${K1}*`)));
  await server!.close();
  server = null;

  const starts = await Promise.allSettled(
    [K2, key()].map((bytes) => startServer({ ...database.options, dataKeys: dataKeysOf(keys(`k2:${bytes}*,k1:${K1}`)) })),
  );
  const started = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
  const refused = starts.flatMap((start) => (start.status === 'rejected' ? [(start.reason as Error).message] : []));
  await Promise.all(started.map((running) => running.close()));
  expect([started.length, refused]).toEqual([1, [expect.stringMatching(/key id "k2"/)]]);
});

test(`a development database opened with another development key is refused too (${ENGINE})`, async () => {
  await borrow(await serve(null));
  await server!.close();
  server = null;

  expect(await refusedStart(keys(`dev:${key()}*`))).toMatch(/key id "dev"/);
  await serve(null);
});

test(`/health/ready says "keys" when the database no longer holds this process's checks (${ENGINE})`, async () => {
  const running = await serve(keys(`k1:${K1}*`));
  expect((await fetch(`${running.baseURL}/health/ready`)).status).toBe(200);
  // As if another deployment's database had been put behind the running process.
  await running.app.store.q.updateTable('key_checks').set({ check_value: 'c29tZSBvdGhlciBrZXk=' }).where('key_id', '=', 'k1').execute();
  const answer = await fetch(`${running.baseURL}/health/ready`);
  expect([answer.status, ((await answer.json()) as { data: unknown }).data]).toEqual([503, { status: 'not_ready', problems: ['keys'] }]);
});

/**
 * The database as migration 019 finds one sealed before checks were kept: no check, and the key
 * ids its rows use recorded by the migration's own query (later migrations stay applied).
 */
async function beforeKeyChecks(store: Store): Promise<void> {
  const [recordUsed] = keyChecks.rewrite!(new FieldCipher(DEVELOPMENT_DATA_KEYS));
  await store.q.deleteFrom('key_checks').execute();
  const { rows } = await sql<Record<string, unknown>>`${sql.raw(recordUsed.select)}`.execute(store.q);
  for (const row of rows)
    await store.q
      .insertInto('key_checks')
      .values({ kind: 'data', key_id: String(recordUsed.change(row)[0]), check_value: null })
      .execute();
}

test(`rows sealed before checks were kept: their key id is recorded by the migration, and proven by opening one of them (${ENGINE})`, async () => {
  const { borrower, order_no } = await borrow(await serve(keys(`k1:${K1}*`)));
  await beforeKeyChecks(server!.app.store);
  await server!.close();
  server = null;

  expect(await refusedStart(keys(`k2:${K2}*`))).toMatch(/key id "k1"/);
  expect(await refusedStart(keys(`k1:${OTHER_K1}*`))).toMatch(/key id "k1"/);
  expect(await refusedStart(keys(`k1:${K1}*`, key()))).toMatch(/DATA_INDEX_KEY/);

  const again = await serve(keys(`k1:${K1}*`));
  expect((await orderDetail(Object.assign(again.client(), { token: borrower.token }).http, { order_no })).order_no).toBe(order_no);
  await again.close();
  server = null;
  expect(await refusedStart(keys(`k1:${OTHER_K1}*`))).toMatch(/key id "k1"/);
});
