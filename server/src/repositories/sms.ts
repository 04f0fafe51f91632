import type { SmsEvent, SmsOutboxEntry } from '@instalment/contract/api';
import type { Store } from '../db/store';

export interface CodeRow {
  id: number;
  code_hash: string;
  expiretime: number;
  attempts: number;
  status: 'open' | 'used' | 'burnt' | 'replaced';
}

/** Verification codes (by hash) and the development outbox of messages "sent". Times in epoch seconds. */
export class SmsRecords {
  constructor(private readonly store: Store) {}

  async lastSentAt(mobile: string, event: SmsEvent): Promise<number | null> {
    const row = await this.store.q
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.max('createtime').as('at'))
      .where('mobile', '=', mobile)
      .where('event', '=', event)
      .executeTakeFirst();
    return row?.at ?? null;
  }

  async sentSince(mobile: string, sinceSeconds: number): Promise<number> {
    const row = await this.store.q
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('mobile', '=', mobile)
      .where('createtime', '>', sinceSeconds)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** Stores a new code, replacing the open one for the same phone and event; returns its id. */
  async replaceOpen(mobile: string, event: SmsEvent, codeHash: string, createtime: number, expiretime: number): Promise<number> {
    await this.store.q
      .updateTable('sms_codes')
      .set({ status: 'replaced' })
      .where('mobile', '=', mobile)
      .where('event', '=', event)
      .where('status', '=', 'open')
      .execute();
    const row = await this.store.q
      .insertInto('sms_codes')
      .values({ mobile, event, code_hash: codeHash, createtime, expiretime })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async deleteCode(id: number): Promise<void> {
    await this.store.q.deleteFrom('sms_codes').where('id', '=', id).execute();
  }

  async latest(mobile: string, event: SmsEvent): Promise<CodeRow | null> {
    const row = await this.store.q
      .selectFrom('sms_codes')
      .select(['id', 'code_hash', 'expiretime', 'attempts', 'status'])
      .where('mobile', '=', mobile)
      .where('event', '=', event)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ?? null;
  }

  async setState(id: number, attempts: number, status: CodeRow['status']): Promise<void> {
    await this.store.q.updateTable('sms_codes').set({ attempts, status }).where('id', '=', id).execute();
  }

  async addToOutbox(entry: SmsOutboxEntry): Promise<void> {
    await this.store.q.insertInto('sms_outbox').values(entry).execute();
  }

  async outbox(mobile: string | null, limit: number): Promise<SmsOutboxEntry[]> {
    let query = this.store.q.selectFrom('sms_outbox').select(['mobile', 'event', 'code', 'createtime']);
    if (mobile) query = query.where('mobile', '=', mobile);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }
}
