import { sql } from 'kysely';
import type { Store } from '../db/store';
import type { ReminderKind } from '../db/tables';

/** An unpaid instalment a reminder may be due for, with whom to tell. */
export interface ReminderCandidate {
  loan_id: number;
  period: number;
  due_date: string;
  mobile: string;
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
      .select(['instalments.loan_id', 'instalments.period', 'instalments.due_date', 'users.mobile'])
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

  async setWanted(userId: number, wanted: boolean): Promise<void> {
    await this.store.q
      .updateTable('users')
      .set({ sms_reminders: Number(wanted) })
      .where('id', '=', userId)
      .execute();
  }
}
