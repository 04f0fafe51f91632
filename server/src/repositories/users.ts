import { sql } from 'kysely';
import type { Sealed } from '../sealing/field-cipher';
import type { Store } from '../db/store';
import type { UserRow } from '../db/tables';

export type { UserRow };

export interface NewUser {
  username: string;
  nickname: string;
  mobile: string;
  email: string;
  password_hash: string;
  createtime: number;
  mobile_since: number;
}

export interface ProfileFields {
  nickname: string;
  avatar: string;
  bio: string;
  email: string;
}

/** Accounts: who they are, how they sign in, and the identity and credit line they borrow with. */
export class UserRecords {
  constructor(private readonly store: Store) {}

  async byId(id: number): Promise<UserRow | null> {
    return (await this.store.q.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async byMobile(mobile: string): Promise<UserRow | null> {
    return (await this.store.q.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst()) ?? null;
  }

  /** By username (any case) or phone; the phone wins when one account's username is another's phone. */
  async byAccount(account: string): Promise<UserRow | null> {
    const row = await this.store.q
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb.or([eb(eb.fn('lower', ['username']), '=', account.toLowerCase()), eb('mobile', '=', account)]))
      .orderBy(sql`CASE WHEN mobile = ${account} THEN 0 ELSE 1 END`)
      .limit(1)
      .executeTakeFirst();
    return row ?? null;
  }

  async usernameTaken(username: string): Promise<boolean> {
    const row = await this.store.q
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The new account's id; a unique index refuses a phone or username taken meanwhile. */
  async insert(user: NewUser): Promise<number> {
    const row = await this.store.q.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** `since`: when the account got the phone (epoch seconds). */
  async setPhone(id: number, mobile: string, username: string, nickname: string, since: number): Promise<void> {
    await this.store.q.updateTable('users').set({ mobile, username, nickname, mobile_since: since }).where('id', '=', id).execute();
  }

  async setProfile(id: number, profile: ProfileFields): Promise<void> {
    await this.store.q.updateTable('users').set(profile).where('id', '=', id).execute();
  }

  async setPasswordHash(id: number, hash: string): Promise<void> {
    await this.store.q.updateTable('users').set({ password_hash: hash }).where('id', '=', id).execute();
  }

  /** Replaces the hash only if it is still `previous` (a stronger hash of the same password). */
  async upgradePasswordHash(id: number, previous: string, hash: string): Promise<void> {
    await this.store.q
      .updateTable('users')
      .set({ password_hash: hash })
      .where('id', '=', id)
      .where('password_hash', '=', previous)
      .execute();
  }

  /** NULL: back to the configured default. */
  async setCreditLimit(id: number, limitFen: number | null): Promise<void> {
    await this.store.q.updateTable('users').set({ credit_limit_fen: limitFen }).where('id', '=', id).execute();
  }

  async credit(id: number): Promise<Pick<UserRow, 'credit_limit_fen' | 'real_name' | 'id_card'>> {
    return this.store.q
      .selectFrom('users')
      .select(['credit_limit_fen', 'real_name', 'id_card'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  /** Whether another account is bound to the ID number of this blind index. */
  async idCardHeldByOther(index: string, id: number): Promise<boolean> {
    const row = await this.store.q
      .selectFrom('users')
      .select('id')
      .where('id_card_index', '=', index)
      .where('id', '<>', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** `index`, `tailIndex`: the blind indexes of the whole number and of its tail (sealing/id-tail.ts). */
  async bindIdentity(id: number, realName: string, idCard: Sealed, index: string, tailIndex: string): Promise<void> {
    await this.store.q
      .updateTable('users')
      .set({ real_name: realName, id_card: idCard, id_card_index: index, id_card_tail_index: tailIndex })
      .where('id', '=', id)
      .execute();
  }

  /** Accounts whose real name or nickname holds `words` (any case), newest first. */
  async searchByName(words: string, limit: number): Promise<UserRow[]> {
    const pattern = `%${words.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const like = (column: 'real_name' | 'nickname') => sql<boolean>`lower(${sql.ref(column)}) LIKE ${pattern} ESCAPE '\\'`;
    return this.store.q
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb.or([like('real_name'), like('nickname')]))
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Accounts whose phone ends in `digits` (all of it: the whole number), newest first. */
  async searchByPhoneTail(digits: string, limit: number): Promise<UserRow[]> {
    return this.store.q.selectFrom('users').selectAll().where('mobile', 'like', `%${digits}`).orderBy('id', 'desc').limit(limit).execute();
  }

  /** Accounts with an ID number bound whose tail has this blind index, newest first; a closed account's is erased. */
  async searchByIdTail(tailIndex: string, limit: number): Promise<UserRow[]> {
    return this.store.q
      .selectFrom('users')
      .selectAll()
      .where('id_card_tail_index', '=', tailIndex)
      .where('id_card', 'is not', null)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The account bound to the ID number of this blind index. */
  async byIdCardIndex(index: string): Promise<UserRow | null> {
    return (await this.store.q.selectFrom('users').selectAll().where('id_card_index', '=', index).executeTakeFirst()) ?? null;
  }

  /** The account that took out the loan of this order number. */
  async byOrderNo(orderNo: string): Promise<UserRow | null> {
    const row = await this.store.q
      .selectFrom('users')
      .selectAll()
      .where('id', '=', (eb) => eb.selectFrom('loans').select('user_id').where('order_no', '=', orderNo))
      .executeTakeFirst();
    return row ?? null;
  }

  /** How many loans each of these accounts has, by account. */
  async loanCounts(ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.store.q
      .selectFrom('loans')
      .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_id', 'in', [...ids])
      .groupBy('user_id')
      .execute();
    return new Map(rows.map((row) => [row.user_id, Number(row.n)]));
  }
}
