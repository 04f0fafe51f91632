import { sql } from 'kysely';
import type { FieldCipher } from '../sealing/field-cipher';
import { proveKeys } from '../db/key-checks';
import type { Store } from '../db/store';

/** Rows re-encrypted per write: short enough that the API's own writes wait a few milliseconds at most. */
const BATCH = 200;

export interface RotationReport {
  current: string;
  resealed: number;
  /** Values still under another key: written meanwhile by a process that has not been given the new current key. */
  remaining: number;
}

/** A sealed column that is not under `keyId` (key ids may hold `_`, a LIKE wildcard, so no LIKE). */
const notUnder = (column: string, keyId: string) => sql<boolean>`substr(${sql.ref(column)}, 1, ${keyId.length + 1}) <> ${`${keyId}:`}`;

/**
 * Every sealed value re-encrypted under the current key of `cipher`, one pass in batches by
 * row id, while the API runs. Each row is written back only if it still holds what was read
 * (compare and set), so a value the API changed meanwhile is never overwritten with an older one.
 */
export async function rotateKeys(store: Store, cipher: FieldCipher): Promise<RotationReport> {
  // A new current key's check is stored before anything is sealed under it; other bytes under a known key id are refused.
  await proveKeys(store, cipher);
  const current = cipher.currentKeyId;
  let resealed = 0;
  for (let after = 0; ;) {
    const users = await store.q
      .selectFrom('users')
      .select(['id', 'id_card'])
      .where('id', '>', after)
      .where('id_card', 'is not', null)
      .where(notUnder('id_card', current))
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (users.length === 0) break;
    resealed += await store.write([], async (tx) => {
      let changed = 0;
      for (const { id, id_card } of users) {
        const result = await tx.q
          .updateTable('users')
          .set({ id_card: cipher.reseal(id_card!) })
          .where('id', '=', id)
          .where('id_card', '=', id_card)
          .executeTakeFirst();
        changed += Number(result.numUpdatedRows);
      }
      return changed;
    });
    after = users[users.length - 1].id;
  }
  for (let after = 0; ;) {
    const loans = await store.q
      .selectFrom('loans')
      .select(['id', 'id_card', 'bank_card'])
      .where('id', '>', after)
      .where((eb) => eb.or([notUnder('id_card', current), notUnder('bank_card', current)]))
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (loans.length === 0) break;
    resealed += await store.write([], async (tx) => {
      let changed = 0;
      for (const loan of loans) {
        const result = await tx.q
          .updateTable('loans')
          .set({ id_card: cipher.reseal(loan.id_card), bank_card: cipher.reseal(loan.bank_card) })
          .where('id', '=', loan.id)
          .where('id_card', '=', loan.id_card)
          .where('bank_card', '=', loan.bank_card)
          .executeTakeFirst();
        changed += Number(result.numUpdatedRows);
      }
      return changed;
    });
    after = loans[loans.length - 1].id;
  }
  for (let after = 0; ;) {
    const operators = await store.q
      .selectFrom('operators')
      .select(['id', 'totp_secret'])
      .where('id', '>', after)
      .where(notUnder('totp_secret', current))
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (operators.length === 0) break;
    resealed += await store.write([], async (tx) => {
      let changed = 0;
      for (const { id, totp_secret } of operators) {
        const result = await tx.q
          .updateTable('operators')
          .set({ totp_secret: cipher.reseal(totp_secret) })
          .where('id', '=', id)
          .where('totp_secret', '=', totp_secret)
          .executeTakeFirst();
        changed += Number(result.numUpdatedRows);
      }
      return changed;
    });
    after = operators[operators.length - 1].id;
  }
  return { current, resealed, remaining: await notCurrent(store, current) };
}

async function notCurrent(store: Store, current: string): Promise<number> {
  const count = (query: Promise<{ n: number | string | bigint }>) => query.then(({ n }) => Number(n));
  const users = count(
    store.q
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id_card', 'is not', null)
      .where(notUnder('id_card', current))
      .executeTakeFirstOrThrow(),
  );
  const loans = count(
    store.q
      .selectFrom('loans')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.or([notUnder('id_card', current), notUnder('bank_card', current)]))
      .executeTakeFirstOrThrow(),
  );
  const operators = count(
    store.q
      .selectFrom('operators')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(notUnder('totp_secret', current))
      .executeTakeFirstOrThrow(),
  );
  return (await users) + (await loans) + (await operators);
}
