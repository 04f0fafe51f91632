import type { Store } from '../../src/db/store';
import { migratedStore } from '../helpers';

/** A read outside a write never sees the write's rows before it commits, or after it rolls back, on either engine. */
let store: Store;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ store, close } = await migratedStore());
});
afterAll(() => close());

const KEY = 'bank_info';
const setTo = (on: Store, value: string) => on.q.updateTable('settings').set({ value }).where('key', '=', KEY).execute();
const stored = () =>
  store.q
    .selectFrom('settings')
    .select('value')
    .where('key', '=', KEY)
    .executeTakeFirstOrThrow()
    .then((row) => row.value);

test('a read begun while a write is open answers with what was committed before or by it, never what it had written so far', async () => {
  await setTo(store, '"before"');
  let during: Promise<string> | null = null;
  await store.write(['store-test'], async (tx) => {
    await setTo(tx, '"half-done"');
    during = stored();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await setTo(tx, '"committed"');
  });
  // SQLite's one connection makes the read wait for the commit; PostgreSQL reads the last commit at once.
  expect(['"before"', '"committed"']).toContain(await during!);
});

test('a read begun while a write is open does not see what the write rolled back', async () => {
  await setTo(store, '"before"');
  let during: Promise<string> | null = null;
  await expect(
    store.write(['store-test'], async (tx) => {
      await setTo(tx, '"rolled back"');
      during = stored();
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('changed its mind');
    }),
  ).rejects.toThrow('changed its mind');
  expect(await during!).toBe('"before"');
});
