import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { SmsEvent, SmsOutboxEntry, SmsWait } from '@instalment/shared/api';
import { seconds, type Context } from '../context';
import type { Db } from '../db/database';
import { Refusal } from '../http/errors';
import { say } from '../http/say';

export const SMS_EVENTS: readonly SmsEvent[] = ['register', 'mobilelogin', 'resetpwd', 'changemobile'];
export const CODE_TTL_SECONDS = 5 * 60;
export const MAX_WRONG_TRIES = 5;

export interface SmsMessage {
  mobile: string;
  event: SmsEvent;
  code: string;
}

/** Delivers a code; a deployment plugs its SMS gateway in here (buildApp's `smsProvider`). */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/** The development provider: keeps every message in a table that GET /dev/sms-outbox reads. */
export class OutboxSmsProvider implements SmsProvider {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    this.db
      .prepare('INSERT INTO sms_outbox (mobile, event, code, createtime) VALUES (?, ?, ?, ?)')
      .run(message.mobile, message.event, message.code, seconds(this.now()));
  }

  list(mobile: string | null, limit = 50): SmsOutboxEntry[] {
    const sql = `SELECT mobile, event, code, createtime FROM sms_outbox ${mobile ? 'WHERE mobile = ?' : ''} ORDER BY id DESC LIMIT ?`;
    const params = mobile ? [mobile, limit] : [limit];
    return this.db.prepare(sql).all(...params) as SmsOutboxEntry[];
  }
}

interface CodeRow {
  id: number;
  code_hash: string;
  expiretime: number;
  attempts: number;
  status: 'open' | 'used' | 'burnt' | 'replaced';
}

const hashCode = (mobile: string, event: string, code: string) => createHash('sha256').update(`${mobile}:${event}:${code}`).digest();

/** Verification codes: 6 digits, 5 minutes, single use, bound to mobile + event, 5 wrong tries. */
export class SmsService {
  constructor(
    private readonly ctx: Context,
    private readonly provider: SmsProvider,
  ) {}

  /**
   * One code per phone and event every `smsResendSeconds` (as FastAdmin's own sms/send), and
   * `smsCodesPerPhonePerDay` codes a day per phone. The cap only ever stops codes: password
   * login does not depend on it, so spending a phone's codes cannot lock its owner out of that.
   * With `deliver` false the code is counted and stored but never sent: a caller then meets the
   * same waits and caps for a phone that must not learn of the code (an unregistered phone's
   * password reset) as for one that gets it, so the answers reveal nothing.
   */
  async send(mobile: string, event: SmsEvent, deliver = true): Promise<void> {
    const now = seconds(this.ctx.now());
    const { db } = this.ctx;
    const { smsResendSeconds, smsCodesPerPhonePerDay } = this.ctx.config.limits;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // Checked and recorded in one IMMEDIATE transaction, so parallel sends cannot all pass the checks.
    const id = db
      .transaction(() => {
        const last = db.prepare('SELECT MAX(createtime) AS at FROM sms_codes WHERE mobile = ? AND event = ?').get(mobile, event) as {
          at: number | null;
        };
        if (last.at !== null && now - last.at < smsResendSeconds) {
          const wait: SmsWait = { wait: smsResendSeconds - (now - last.at) };
          throw new Refusal(say('smsWait', { seconds: wait.wait }), wait);
        }
        const today = db
          .prepare('SELECT COUNT(*) AS n FROM sms_codes WHERE mobile = ? AND createtime > ?')
          .get(mobile, now - 24 * 3600) as { n: number };
        if (today.n >= smsCodesPerPhonePerDay) throw new Refusal(say('smsDailyLimit'));
        db.prepare("UPDATE sms_codes SET status = 'replaced' WHERE mobile = ? AND event = ? AND status = 'open'").run(mobile, event);
        return db
          .prepare('INSERT INTO sms_codes (mobile, event, code_hash, createtime, expiretime) VALUES (?, ?, ?, ?, ?)')
          .run(mobile, event, hashCode(mobile, event, code).toString('hex'), now, now + CODE_TTL_SECONDS).lastInsertRowid;
      })
      .immediate();
    if (!deliver) return;
    try {
      await this.provider.send({ mobile, event, code });
    } catch (error) {
      db.prepare('DELETE FROM sms_codes WHERE id = ?').run(id);
      this.ctx.log.error({ err: error, event }, 'SMS delivery failed');
      throw new Refusal(say('smsNotSent'));
    }
  }

  /** Consumes the code when it matches; otherwise counts the wrong try and refuses. */
  verify(mobile: string, event: SmsEvent, code: string): void {
    const { db } = this.ctx;
    const row = db
      .prepare('SELECT id, code_hash, expiretime, attempts, status FROM sms_codes WHERE mobile = ? AND event = ? ORDER BY id DESC LIMIT 1')
      .get(mobile, event) as CodeRow | undefined;
    if (!row || row.status === 'used' || row.status === 'replaced') throw new Refusal(say('codeFirst'));
    if (row.status === 'burnt') throw new Refusal(say('codeBurnt'));
    if (row.expiretime <= seconds(this.ctx.now())) throw new Refusal(say('codeExpired'));

    const expected = Buffer.from(row.code_hash, 'hex');
    if (timingSafeEqual(hashCode(mobile, event, code), expected)) {
      db.prepare("UPDATE sms_codes SET status = 'used' WHERE id = ?").run(row.id);
      return;
    }
    const attempts = row.attempts + 1;
    const burnt = attempts >= MAX_WRONG_TRIES;
    db.prepare('UPDATE sms_codes SET attempts = ?, status = ? WHERE id = ?').run(attempts, burnt ? 'burnt' : 'open', row.id);
    const left = MAX_WRONG_TRIES - attempts;
    throw new Refusal(burnt ? say('codeWrongLast') : left === 1 ? say('codeWrongOneLeft') : say('codeWrongTriesLeft', { left }));
  }
}
