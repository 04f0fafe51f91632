import type { OutboxNotice } from '@instalment/contract/api';
import { addDays } from '@instalment/contract/loan';
import type { Context } from '../runtime/context';
import { LoanRecords } from '../repositories/loans';
import { ReminderRecords, type ReminderCandidate } from '../repositories/reminders';
import type { Ledger } from './ledger';
import type { ReminderKind } from '../db/tables';
import type { SmsProvider } from '../providers/sms';
import { businessDay } from './business-time';

/** "3 days before a due date". */
export const DUE_REMINDER_DAYS = 3;
/**
 * A day the job did not run (a deploy, an outage) is caught up for this many days: a reminder
 * due then is still sent, once, rather than skipped.
 */
const CATCH_UP_DAYS = 2;
/** The reminders' kinds that are automatic repayment notices. */
const AUTOPAY_NOTICES: readonly ReminderKind[] = ['autopay_due', 'autopay_charged', 'autopay_failed'];
/** A reminder taken by a process that never finished is taken again after this. */
const STALE_CLAIM_MS = 60 * 60 * 1000;

/**
 * Due reminders by SMS: 3 days before a due date, and the day after it passed unpaid; once per
 * instalment and kind, for borrowers who have not turned them off. Each is on record before it is
 * sent, so that two runs, in one process or two, never send it twice; one that fails is sent on
 * a later run.
 */
export class ReminderService {
  private readonly records: ReminderRecords;

  constructor(
    private readonly ctx: Context,
    private readonly ledger: Ledger,
    private readonly provider: SmsProvider,
  ) {
    this.records = new ReminderRecords(ctx.store);
  }

  /** Sends what is due today; how many went out. */
  async sendDue(): Promise<number> {
    const today = businessDay(this.ctx, this.ctx.now());
    const windows: Array<[ReminderKind, string, string]> = [
      ['due', addDays(today, DUE_REMINDER_DAYS - CATCH_UP_DAYS), addDays(today, DUE_REMINDER_DAYS)],
      ['overdue', addDays(today, -1 - CATCH_UP_DAYS), addDays(today, -1)],
    ];
    let sent = 0;
    for (const [kind, from, to] of windows) {
      if (!this.provider.sendsReminders(kind)) continue;
      const candidates = await this.records.candidates(from, to);
      const owed = await this.amountsOwed(candidates);
      for (const candidate of candidates) {
        // A borrower whose agreement will charge the instalment is told it will be charged automatically.
        const told = kind === 'due' && candidate.autopay === 1 && this.ctx.config.autopay.enabled ? 'autopay_due' : kind;
        if (await this.send(told, candidate, owed.get(`${candidate.loan_id}:${candidate.period}`) ?? '')) sent += 1;
      }
    }
    return sent;
  }

  /** The autopay notices sent, newest first (the development outbox lists them beside the codes); `mobile` filters. */
  async autopayNotices(mobile: string | null, limit: number): Promise<OutboxNotice[]> {
    const rows = await this.records.sent(AUTOPAY_NOTICES, mobile, limit);
    // The query selects only AUTOPAY_NOTICES' kinds, each sent (so with its time).
    return rows.map((row) => ({
      mobile: row.mobile,
      event: row.kind as OutboxNotice['event'],
      order_no: row.order_no,
      period: row.period,
      createtime: Math.floor((row.sent_at ?? 0) / 1000),
    }));
  }

  /** Turns this borrower's reminders on or off; a write, which reads their session again (http/session-writes.ts). */
  setWanted(userId: number, wanted: boolean): Promise<void> {
    return this.ctx.store.write([], (tx) => new ReminderRecords(tx).setWanted(userId, wanted));
  }

  /**
   * Sends one message of `kind` about an instalment, once however often asked (the due-date
   * charge's notices come through here too); false when it was sent before, is being sent, or
   * cannot be sent (no template for it, or the provider failed: then it is tried on a later ask).
   */
  async send(kind: ReminderKind, candidate: ReminderCandidate, amount: string): Promise<boolean> {
    if (!this.provider.sendsReminders(kind)) return false;
    const { loan_id, period } = candidate;
    const now = this.ctx.now();
    if (!(await this.records.claim(loan_id, period, kind, now, now - STALE_CLAIM_MS))) return false;
    const order = (await new LoanRecords(this.ctx.store).byId(loan_id))!.order_no;
    try {
      await this.provider.send({
        kind: 'reminder',
        mobile: candidate.mobile,
        reminder: kind,
        params: { order, period: String(period), amount, date: candidate.due_date },
      });
    } catch (error) {
      await this.records.finish(loan_id, period, kind, null);
      this.ctx.log.warn({ err: error, order, period, kind }, 'due reminder not sent; tried again on the next run');
      this.ctx.metrics.smsFailures.inc({ event: `reminder.${kind}` });
      return false;
    }
    await this.records.finish(loan_id, period, kind, this.ctx.now());
    return true;
  }

  /** What each candidate instalment owes today, penalty included, as the ledger prices it. */
  private async amountsOwed(candidates: readonly ReminderCandidate[]): Promise<Map<string, string>> {
    const loanIds = [...new Set(candidates.map((candidate) => candidate.loan_id))];
    const loans = await new LoanRecords(this.ctx.store).byIds(loanIds);
    const owed = new Map<string, string>();
    for (const [loanId, states] of await this.ledger.statesOfLoans(loans)) {
      for (const state of states) owed.set(`${loanId}:${state.view.period}`, state.view.total);
    }
    return owed;
  }
}
