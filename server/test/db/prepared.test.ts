import { sql } from 'kysely';
import type { Store } from '../../src/db/store';
import { migratedStore } from '../helpers';

/**
 * Statements are prepared once (PostgreSQL: by name on each connection; SQLite: once for the
 * connection): a process that outlives another's migration must still read the tables it changed.
 */
let store: Store;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ store, close } = await migratedStore());
});
afterAll(() => close());

const read = (on: Store) =>
  sql<Record<string, unknown>>`SELECT * FROM prepared_probe WHERE id = ${1}`.execute(on.q).then((result) => result.rows[0]);

test('a select * prepared before its table gained a column reads the column after, outside a write and in one', async () => {
  await sql`CREATE TABLE prepared_probe (id INTEGER PRIMARY KEY, label TEXT)`.execute(store.q);
  await sql`INSERT INTO prepared_probe (id, label) VALUES (1, 'one')`.execute(store.q);
  // Read at once, so that every connection the pool opens has prepared it.
  await Promise.all(Array.from({ length: 8 }, () => read(store)));
  await sql`ALTER TABLE prepared_probe ADD COLUMN note TEXT`.execute(store.q);
  for (const row of await Promise.all(Array.from({ length: 8 }, () => read(store)))) {
    expect(row).toEqual({ id: 1, label: 'one', note: null });
  }
  expect(await store.write(['prepared-probe'], (tx) => read(tx))).toEqual({ id: 1, label: 'one', note: null });
});
