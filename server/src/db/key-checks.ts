import { sql } from 'kysely';
import type { FieldCipher, Sealed } from '../sealing/field-cipher';
import type { Store } from './store';

/**
 * Every column that holds a sealed value, by table: where a key id may still be needed. A new
 * sealed column is added here, so that a start without its key is refused while rows need it.
 */
export const SEALED_COLUMNS: ReadonlyArray<readonly [table: string, column: string]> = [
  ['users', 'id_card'],
  ['loans', 'id_card'],
  ['loans', 'bank_card'],
  ['operators', 'totp_secret'],
];

/** The sentences a refused start says: each names the key id (or the variable), never a key. */
const REFUSALS = {
  wrongKey: (keyId: string) =>
    `DATA_KEYS holds other bytes under key id "${keyId}" than those this database's values were sealed with (its check value differs): give key id "${keyId}" its own key back.`,
  missingKey: (keyId: string) =>
    `Values in the database are still sealed under key id "${keyId}", which DATA_KEYS lacks: keep it in DATA_KEYS until rotate-keys has re-sealed them.`,
  wrongIndexKey: () =>
    "DATA_INDEX_KEY is not the key this database's ID numbers were indexed with (its check value differs): give it its own key back.",
};

/** One value sealed under `keyId`, if any row still holds one (key ids may hold `_`, a LIKE wildcard, so no LIKE). */
async function sealedUnder(store: Store, keyId: string): Promise<Sealed | null> {
  for (const [table, column] of SEALED_COLUMNS) {
    const { rows } = await sql<{ value: Sealed }>`
      SELECT ${sql.ref(column)} AS value FROM ${sql.table(table)}
      WHERE substr(${sql.ref(column)}, 1, ${keyId.length + 1}) = ${`${keyId}:`} LIMIT 1`.execute(store.q);
    if (rows[0]) return rows[0].value;
  }
  return null;
}

/** Stores a check value where none is yet: the first process to store one wins, and every other is compared with it. */
async function keep(store: Store, kind: 'data' | 'index', keyId: string, check: string): Promise<void> {
  await store.q
    .insertInto('key_checks')
    .values({ kind, key_id: keyId, check_value: check })
    .onConflict((conflict) =>
      conflict
        .columns(['kind', 'key_id'])
        .doUpdateSet({ check_value: (eb) => eb.ref('excluded.check_value') })
        .where('key_checks.check_value', 'is', null),
    )
    .execute();
}

async function storedChecks(store: Store) {
  const rows = await store.q.selectFrom('key_checks').selectAll().execute();
  return {
    data: new Map(rows.filter((row) => row.kind === 'data').map((row) => [row.key_id, row.check_value])),
    index: rows.find((row) => row.kind === 'index')?.check_value ?? null,
  };
}

/**
 * Proves at start that this process holds the keys the database was sealed with, or refuses
 * with a sentence naming the key id: a key id of DATA_KEYS whose stored check differs, a key id
 * rows are still sealed under that DATA_KEYS lacks, or a DATA_INDEX_KEY whose check differs. A
 * key seen for the first time is proven by a row sealed (or indexed) under it, if any, and has
 * its check stored only once nothing was refused; several processes starting at once store one
 * check, and each is compared with the one stored.
 */
export async function proveKeys(store: Store, cipher: FieldCipher): Promise<void> {
  const stored = await storedChecks(store);
  const unchecked: string[] = [];
  for (const keyId of cipher.keyIds) {
    const check = stored.data.get(keyId);
    if (check && !cipher.proves(keyId, check)) throw new Error(REFUSALS.wrongKey(keyId));
    if (!check) unchecked.push(keyId);
  }
  for (const keyId of stored.data.keys()) {
    if (cipher.keyIds.includes(keyId)) continue;
    if (await sealedUnder(store, keyId)) throw new Error(REFUSALS.missingKey(keyId));
    // Re-sealed by rotate-keys: no later start needs to look for its rows again.
    await store.q.deleteFrom('key_checks').where('kind', '=', 'data').where('key_id', '=', keyId).execute();
  }
  if (stored.index && !cipher.proves(null, stored.index)) throw new Error(REFUSALS.wrongIndexKey());
  for (const keyId of unchecked) {
    const sample = await sealedUnder(store, keyId);
    if (sample && !cipher.opens(sample)) throw new Error(REFUSALS.wrongKey(keyId));
  }
  if (!stored.index && !(await indexesAsStored(store, cipher))) throw new Error(REFUSALS.wrongIndexKey());
  for (const keyId of unchecked) await keep(store, 'data', keyId, cipher.keyCheck(keyId));
  if (!stored.index) await keep(store, 'index', '', cipher.keyCheck(null));
  await checkKeys(store, cipher);
}

/** Whether an ID number already indexed (if any) indexes the same under this index key; every data key is proven by now. */
async function indexesAsStored(store: Store, cipher: FieldCipher): Promise<boolean> {
  const indexed = await store.q
    .selectFrom('users')
    .select(['id_card', 'id_card_index'])
    .where('id_card', 'is not', null)
    .where('id_card_index', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return !indexed || cipher.blindIndex(cipher.open(indexed.id_card!)) === indexed.id_card_index;
}

/**
 * Compares the stored checks with this process's keys, or throws the sentence naming the first
 * that differs: at start after `proveKeys` stored them, and on every `/health/ready` (a database
 * swapped under a running process is not served with the wrong keys). A check absent is no
 * difference: a start without that key id dropped it once no row used it, while processes that
 * still hold it run on.
 */
export async function checkKeys(store: Store, cipher: FieldCipher): Promise<void> {
  const stored = await storedChecks(store);
  for (const keyId of cipher.keyIds) {
    const check = stored.data.get(keyId);
    if (check && !cipher.proves(keyId, check)) throw new Error(REFUSALS.wrongKey(keyId));
  }
  if (stored.index && !cipher.proves(null, stored.index)) throw new Error(REFUSALS.wrongIndexKey());
}
