import { sql } from 'kysely';
import type { Store } from '../db/store';
import type { ReminderKind } from '../db/tables';

/** An unpaid instalment a reminder may be due for, with whom to tell. */
export interface ReminderCandidate {
  loan_id: number;
  period: number;
  due_date: string;
  mobile: string;
  /** 1: the borrower's withholding agreement is active, and will charge the instalment. */
  autopay?: number;
}

/** Reminders on record: taken, sent, or failed and to be tried again. */
export class ReminderRecords {
  constructor(private readonly store: Store) {}

  /** Unpaid instalments of repaying loans due from `from` to `to`, of borrowers who want reminders. */
  candidates(from: string, to: string): Promise<ReminderCandidate[]> {
    return this.store.q
      .selectFrom('instalments')
      .innerJoin('loans', 'loans.id', 'instalments.loan_id')
      .innerJoin('users', 'users.id', 'loans.user_id')
      .leftJoin('autopay_agreements', (join) =>
        // Paused by finance: not charged, so told as any borrower is.
        join
          .onRef('autopay_agreements.user_id', '=', 'users.id')
          .on('autopay_agreements.state', '=', 'active')
          .on('autopay_agreements.paused_at', 'is', null),
      )
      .select(['instalments.loan_id', 'instalments.period', 'instalments.due_date', 'users.mobile'])
      .select((eb) => eb.case().when('autopay_agreements.id', 'is not', null).then(1).else(0).end().as('autopay'))
      .where('instalments.paid_at', 'is', null)
      .where('loans.status', 'in', ['repaying', 'overdue'])
      .where('users.sms_reminders', '=', 1)
      .where('instalments.due_date', '>=', from)
      .where('instalments.due_date', '<=', to)
      .orderBy('instalments.loan_id')
      .orderBy('instalments.period')
      .execute();
  }

  /**
   * Takes the reminder for sending, in one atomic upsert: free, failed before, or taken by a
   * process that never finished (`staleBefore`). False when another has it or it was sent.
   */
  async claim(loanId: number, period: number, kind: ReminderKind, now: number, staleBefore: number): Promise<boolean> {
    const row = await this.store.q
      .insertInto('reminders')
      .values({ loan_id: loanId, period, kind, status: 'sending', attempts: 1, claimed_at: now })
      .onConflict((oc) =>
        oc
          .columns(['loan_id', 'period', 'kind'])
          .doUpdateSet({ status: 'sending', attempts: sql<number>`reminders.attempts + 1`, claimed_at: now })
          .where(sql<boolean>`reminders.status = 'failed' OR (reminders.status = 'sending' AND reminders.claimed_at < ${staleBefore})`),
      )
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async finish(loanId: number, period: number, kind: ReminderKind, sentAt: number | null): Promise<void> {
    await this.store.q
      .updateTable('reminders')
      .set({ status: sentAt === null ? 'failed' : 'sent', sent_at: sentAt })
      .where('loan_id', '=', loanId)
      .where('period', '=', period)
      .where('kind', '=', kind)
      .execute();
  }

  /** The reminders of `kinds` sent, newest first, with whom they went to and about which instalment; `mobile` filters. */
  sent(kinds: readonly ReminderKind[], mobile: string | null, limit: number) {
    let query = this.store.q
      .selectFrom('reminders')
      .innerJoin('loans', 'loans.id', 'reminders.loan_id')
      .innerJoin('users', 'users.id', 'loans.user_id')
      .select(['users.mobile', 'reminders.kind', 'loans.order_no', 'reminders.period', 'reminders.sent_at'])
      .where('reminders.status', '=', 'sent')
      .where('reminders.kind', 'in', kinds);
    if (mobile) query = query.where('users.mobile', '=', mobile);
    return query.orderBy('reminders.sent_at', 'desc').orderBy('reminders.id', 'desc').limit(limit).execute();
  }

  async setWanted(userId: number, wanted: boolean): Promise<void> {
    await this.store.q
      .updateTable('users')
      .set({ sms_reminders: Number(wanted) })
      .where('id', '=', userId)
      .execute();
  }
}
