import type { LoanStatus, RejectReasonCode } from '@instalment/contract/api';
import { addDays } from '@instalment/contract/loan';
import type { Store } from '../db/store';
import type { InstalmentRow, LoanRow } from '../db/tables';

export type { InstalmentRow, LoanRow };

/** What a loan's summary in a list shows, and what its instalments' figures need. */
export type SummaryRow = Pick<LoanRow, 'id' | 'order_no' | 'amount_fen' | 'term' | 'status' | 'created_at' | 'grace_days' | 'penalty_bp'>;

export type NewLoan = Omit<
  LoanRow,
  'id' | 'approved_at' | 'disbursed_at' | 'disbursement_ref' | 'reject_reason' | 'reject_code' | 'rejected_at' | 'settled_at'
>;

/** Why an application was turned down: the picklist's code (none from the development route) and the reviewer's words. */
export interface Rejection {
  code: RejectReasonCode | null;
  text: string | null;
}

export interface ScheduledInstalment {
  period: number;
  due_date: string;
  principal_fen: number;
  interest_fen: number;
  fee_fen: number;
}

export interface Settlement {
  paid_at: number;
  penalty_fen: number;
  overdue_days: number;
  paid_interest_fen: number;
  paid_fee_fen: number;
  paid_by: string;
}

/** Loans and their instalments: applications, approvals, schedules and what was settled. */
export class LoanRecords {
  constructor(private readonly store: Store) {}

  async insert(loan: NewLoan): Promise<void> {
    await this.store.q.insertInto('loans').values(loan).execute();
  }

  async byId(id: number): Promise<LoanRow | null> {
    return (await this.store.q.selectFrom('loans').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  byIds(ids: readonly number[]): Promise<LoanRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.store.q.selectFrom('loans').selectAll().where('id', 'in', ids).execute();
  }

  async byOrderNo(orderNo: string): Promise<LoanRow | null> {
    return (await this.store.q.selectFrom('loans').selectAll().where('order_no', '=', orderNo).executeTakeFirst()) ?? null;
  }

  async ofUser(userId: number, orderNo: string): Promise<LoanRow | null> {
    const row = await this.store.q
      .selectFrom('loans')
      .selectAll()
      .where('order_no', '=', orderNo)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ?? null;
  }

  async countOfUser(userId: number): Promise<number> {
    const row = await this.store.q
      .selectFrom('loans')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.total;
  }

  /** A user's loans, newest first: the one order of my loans and of the totals across them. */
  private newestOfUser(userId: number) {
    return this.store.q.selectFrom('loans').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc');
  }

  pageOfUser(userId: number, limit: number, offset: number): Promise<LoanRow[]> {
    return this.newestOfUser(userId).selectAll().limit(limit).offset(offset).execute();
  }

  /** The same page with only what a summary shows and its instalments' figures need (my loans reads no more). */
  summariesOfUser(userId: number, limit: number, offset: number): Promise<SummaryRow[]> {
    return this.newestOfUser(userId)
      .select(['id', 'order_no', 'amount_fen', 'term', 'status', 'created_at', 'grace_days', 'penalty_bp'])
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** Every loan of the user (totals across loans read them in one query). */
  allOfUser(userId: number): Promise<LoanRow[]> {
    return this.newestOfUser(userId).selectAll().execute();
  }

  /** Pending applications whose review time has come (everyone's when `userId` is null). */
  dueForApproval(nowMs: number, userId: number | null): Promise<LoanRow[]> {
    let query = this.store.q
      .selectFrom('loans')
      .selectAll()
      .where('status', '=', 'pending')
      .where('approve_after', 'is not', null)
      .where('approve_after', '<=', nowMs);
    if (userId !== null) query = query.where('user_id', '=', userId);
    return query.execute();
  }

  /** A reviewer's yes: pending → approved; false when it was no longer pending. */
  async markApproved(id: number, atMs: number): Promise<boolean> {
    const result = await this.store.q
      .updateTable('loans')
      .set({ status: 'approved', approved_at: atMs })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * The money was sent: approved (or, for rule-based lending, pending) → repaying; false when the
   * loan was in neither state. Approval keeps its own time when there was one.
   */
  async markDisbursed(id: number, atMs: number, reference: string | null): Promise<boolean> {
    const result = await this.store.q
      .updateTable('loans')
      .set((eb) => ({
        status: 'repaying',
        approved_at: eb.fn.coalesce('approved_at', eb.val(atMs)),
        disbursed_at: atMs,
        disbursement_ref: reference,
      }))
      .where('id', '=', id)
      .where('status', 'in', ['pending', 'approved'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A no, before any money was sent; false when the loan had been disbursed or decided already. */
  async markRejected(id: number, atMs: number, why: Rejection): Promise<boolean> {
    const result = await this.store.q
      .updateTable('loans')
      .set({ status: 'rejected', rejected_at: atMs, reject_code: why.code, reject_reason: why.text })
      .where('id', '=', id)
      .where('status', 'in', ['pending', 'approved'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Loans with an unpaid instalment due before `today`, with the borrower's phone. */
  withUnpaidDueBefore(today: string): Promise<Array<LoanRow & { mobile: string }>> {
    return this.store.q
      .selectFrom('loans as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .selectAll('l')
      .select('u.mobile')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('instalments as i')
            .select('i.period')
            .whereRef('i.loan_id', '=', 'l.id')
            .where('i.paid_at', 'is', null)
            .where('i.due_date', '<', today),
        ),
      )
      .orderBy('l.id')
      .execute();
  }

  async markSettled(id: number, atMs: number): Promise<void> {
    await this.store.q
      .updateTable('loans')
      .set({ status: 'settled', settled_at: atMs })
      .where('id', '=', id)
      .where('settled_at', 'is', null)
      .execute();
  }

  async setStatus(id: number, status: LoanStatus): Promise<void> {
    await this.store.q.updateTable('loans').set({ status }).where('id', '=', id).execute();
  }

  async insertSchedule(loanId: number, instalments: readonly ScheduledInstalment[]): Promise<void> {
    await this.store.q
      .insertInto('instalments')
      .values(instalments.map((item) => ({ loan_id: loanId, ...item })))
      .execute();
  }

  /** The instalments of several loans in one query, by loan and period. */
  instalmentsOf(loanIds: readonly number[]): Promise<InstalmentRow[]> {
    if (loanIds.length === 0) return Promise.resolve([]);
    return this.store.q
      .selectFrom('instalments')
      .selectAll()
      .where('loan_id', 'in', loanIds)
      .orderBy('loan_id')
      .orderBy('period')
      .execute();
  }

  /** Settles one unpaid instalment; false when it was already settled. */
  async settleInstalment(loanId: number, period: number, settlement: Settlement): Promise<boolean> {
    const result = await this.store.q
      .updateTable('instalments')
      .set(settlement)
      .where('loan_id', '=', loanId)
      .where('period', '=', period)
      .where('paid_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Principal the user owes: applications not yet disbursed in full, disbursed loans by their unpaid instalments. */
  async principalOwed(userId: number): Promise<number> {
    const pending = await this.store.q
      .selectFrom('loans')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.lit(0)).as('fen'))
      .where('user_id', '=', userId)
      .where('status', 'in', ['pending', 'approved'])
      .executeTakeFirstOrThrow();
    const unpaid = await this.store.q
      .selectFrom('instalments as i')
      .innerJoin('loans as l', 'l.id', 'i.loan_id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('i.principal_fen'), eb.lit(0)).as('fen'))
      .where('l.user_id', '=', userId)
      .where('i.paid_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(pending.fen) + Number(unpaid.fen);
  }

  /** The user's unpaid instalments due before `today`, with their loan's grace. */
  unpaidDueBefore(userId: number, today: string): Promise<Array<{ due_date: string; grace_days: number }>> {
    return this.store.q
      .selectFrom('instalments as i')
      .innerJoin('loans as l', 'l.id', 'i.loan_id')
      .select(['i.due_date', 'l.grace_days'])
      .where('l.user_id', '=', userId)
      .where('i.paid_at', 'is', null)
      .where('i.due_date', '<', today)
      .execute();
  }

  /** Moves a loan's instants `ms` and its due dates `dueDays` into the past (the development route that ages a loan). */
  async shiftIntoPast(loan: LoanRow, ms: number, dueDays: number): Promise<void> {
    const back = (value: number | null) => (value === null ? null : value - ms);
    await this.store.q
      .updateTable('loans')
      .set({
        created_at: loan.created_at - ms,
        approve_after: back(loan.approve_after),
        approved_at: back(loan.approved_at),
        disbursed_at: back(loan.disbursed_at),
        rejected_at: back(loan.rejected_at),
        settled_at: back(loan.settled_at),
      })
      .where('id', '=', loan.id)
      .execute();
    for (const row of await this.instalmentsOf([loan.id])) {
      await this.store.q
        .updateTable('instalments')
        .set({ due_date: addDays(row.due_date, -dueDays), paid_at: back(row.paid_at) })
        .where('loan_id', '=', loan.id)
        .where('period', '=', row.period)
        .execute();
    }
  }
}
