import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { SmsEvent, SmsOutboxEntry, SmsWait } from '@instalment/contract/api';
import { seconds, type Context } from '../runtime/context';
import { SmsRecords } from '../repositories/sms';
import { Refusal, sentenceOf } from './refusals';
import type { SmsMessage, SmsProvider } from '../providers/sms';

export const SMS_EVENTS: readonly SmsEvent[] = ['register', 'mobilelogin', 'resetpwd', 'changemobile', 'closeaccount'];
export const CODE_TTL_SECONDS = 5 * 60;
export const MAX_WRONG_TRIES = 5;

/** The development provider: keeps every message in a table that GET /dev/sms-outbox reads. */
export class OutboxSmsProvider implements SmsProvider {
  constructor(
    private readonly records: SmsRecords,
    private readonly now: () => number,
  ) {}

  /** Reminders are on record in their own table (services/reminders.ts); the outbox keeps the codes a developer types in. */
  async send(message: SmsMessage): Promise<void> {
    if (message.kind === 'code')
      await this.records.addToOutbox({ mobile: message.mobile, event: message.event, code: message.code, createtime: seconds(this.now()) });
  }

  sendsReminders(): boolean {
    return true;
  }

  list(mobile: string | null, limit = 50): Promise<SmsOutboxEntry[]> {
    return this.records.outbox(mobile, limit);
  }
}

const hashCode = (mobile: string, event: string, code: string) => createHash('sha256').update(`${mobile}:${event}:${code}`).digest();

/** Verification codes: 6 digits, 5 minutes, single use, bound to mobile + event, 5 wrong tries. */
export class SmsService {
  private readonly records: SmsRecords;

  constructor(
    private readonly ctx: Context,
    private readonly provider: SmsProvider,
  ) {
    this.records = new SmsRecords(ctx.store);
  }

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
    const { smsResendSeconds, smsCodesPerPhonePerDay } = this.ctx.config.limits;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // Checked and recorded in one write that locks the phone, so parallel sends cannot all pass the checks.
    const id = await this.ctx.store.write([`sms:${mobile}`], async (tx) => {
      const records = new SmsRecords(tx);
      const last = await records.lastSentAt(mobile, event);
      if (last !== null && now - last < smsResendSeconds) {
        const wait: SmsWait = { wait: smsResendSeconds - (now - last) };
        throw new Refusal(sentenceOf('smsWait', { seconds: wait.wait }), wait);
      }
      if ((await records.sentSince(mobile, now - 24 * 3600)) >= smsCodesPerPhonePerDay) throw new Refusal(sentenceOf('smsDailyLimit'));
      return records.replaceOpen(mobile, event, hashCode(mobile, event, code).toString('hex'), now, now + CODE_TTL_SECONDS);
    });
    if (!deliver) return;
    try {
      await this.provider.send({ kind: 'code', mobile, event, code });
    } catch (error) {
      await this.records.deleteCode(id);
      this.ctx.log.error({ err: error, event }, 'SMS delivery failed');
      this.ctx.metrics.smsFailures.inc({ event });
      throw new Refusal(sentenceOf('smsNotSent'));
    }
  }

  /**
   * Consumes the code when it matches; otherwise counts the wrong try and refuses. One write
   * per phone, so parallel guesses each count: the fifth wrong one burns the code.
   */
  async verify(mobile: string, event: SmsEvent, code: string): Promise<void> {
    // Most guesses meet no code at all (a flood of made-up sign-ups): one read refuses them, no write or lock.
    const sent = await this.records.latest(mobile, event);
    if (!sent || sent.status === 'used' || sent.status === 'replaced') throw new Refusal(sentenceOf('codeFirst'));
    const refusal = await this.ctx.store.write([`sms:${mobile}`], async (tx) => {
      const records = new SmsRecords(tx);
      const row = await records.latest(mobile, event);
      if (!row || row.status === 'used' || row.status === 'replaced') return new Refusal(sentenceOf('codeFirst'));
      if (row.status === 'burnt') return new Refusal(sentenceOf('codeBurnt'));
      if (row.expiretime <= seconds(this.ctx.now())) return new Refusal(sentenceOf('codeExpired'));

      if (timingSafeEqual(hashCode(mobile, event, code), Buffer.from(row.code_hash, 'hex'))) {
        await records.setState(row.id, row.attempts, 'used');
        return null;
      }
      const attempts = row.attempts + 1;
      const burnt = attempts >= MAX_WRONG_TRIES;
      await records.setState(row.id, attempts, burnt ? 'burnt' : 'open');
      const left = MAX_WRONG_TRIES - attempts;
      return new Refusal(
        burnt ? sentenceOf('codeWrongLast') : left === 1 ? sentenceOf('codeWrongOneLeft') : sentenceOf('codeWrongTriesLeft', { left }),
      );
    });
    // Thrown after the write committed: the wrong try stays counted.
    if (refusal) throw refusal;
  }
}
