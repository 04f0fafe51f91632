import { sql } from 'kysely';
import type { Store } from '../db/store';

/** A window of instants, `startMs` included, `endMs` not. */
export interface Window {
  startMs: number;
  endMs: number;
}

/** Money that moved at an instant. */
export interface Movement {
  atMs: number;
  fen: number;
}

/** An instalment settled in the window, and how (see `ChannelTally` in the contract). */
export interface Repayment extends Movement {
  channel: string;
}

/** An instalment that was still unpaid at some instant of the window, with what its figures as of a day need of its loan. */
export interface Unpaid {
  loan_id: number;
  period: number;
  due_date: string;
  principal_fen: number;
  interest_fen: number;
  fee_fen: number;
  paid_at: number | null;
  grace_days: number;
  penalty_bp: number;
}

const movement = (row: { at: number | string; fen: number | string }): Movement => ({ atMs: Number(row.at), fen: Number(row.fen) });

/** The money of a window across all loans, for the daily report: each record with its instant, for the days to be told apart. */
export class ReportRecords {
  constructor(private readonly store: Store) {}

  async disbursed({ startMs, endMs }: Window): Promise<Movement[]> {
    const rows = await this.store.q
      .selectFrom('loans')
      .select(['disbursed_at as at', 'amount_fen as fen'])
      .where('disbursed_at', '>=', startMs)
      .where('disbursed_at', '<', endMs)
      .execute();
    return rows.map((row) => movement({ at: row.at!, fen: row.fen }));
  }

  /**
   * Instalments settled in the window, at what each was settled for (its frozen interest, fee and
   * penalty). A payment's own instalments are settled the instant its money arrives; those it
   * settles later were applied from its difference by finance (the loan page reads the same, `paidHowOf`).
   */
  async repaid({ startMs, endMs }: Window): Promise<Repayment[]> {
    const rows = await this.store.q
      .selectFrom('instalments as i')
      .leftJoin('payments as p', (join) => join.on(sql`i.paid_by`, '=', sql`'payment:' || p.payment_no`))
      .select([
        'i.paid_at as at',
        sql<number>`i.principal_fen + coalesce(i.paid_interest_fen, i.interest_fen) + coalesce(i.paid_fee_fen, i.fee_fen) + i.penalty_fen`.as(
          'fen',
        ),
        sql<string>`case
          when i.paid_by like 'voucher:%' then 'transfer'
          when p.paid_at <> i.paid_at then 'difference'
          when p.payoff = 1 then 'payoff'
          else coalesce(p.channel, 'other') end`.as('channel'),
      ])
      .where('i.paid_at', '>=', startMs)
      .where('i.paid_at', '<', endMs)
      .execute();
    return rows.map((row) => ({ ...movement({ at: row.at!, fen: row.fen }), channel: row.channel }));
  }

  async refunded({ startMs, endMs }: Window): Promise<Movement[]> {
    const rows = await this.store.q
      .selectFrom('payment_differences')
      .select(['resolved_at as at', sql<number>`coalesce(refunded_fen, 0)`.as('fen')])
      .where('status', '=', 'refunded')
      .where('resolved_at', '>=', startMs)
      .where('resolved_at', '<', endMs)
      .execute();
    return rows.map((row) => movement({ at: row.at!, fen: row.fen }));
  }

  /** Differences recorded in the window and not resolved yet: what they did not settle. */
  async differencesOpen({ startMs, endMs }: Window): Promise<Movement[]> {
    const rows = await this.store.q
      .selectFrom('payment_differences')
      .select(['created_at as at', sql<number>`received_fen - settled_fen`.as('fen')])
      .where('status', '=', 'open')
      .where('created_at', '>=', startMs)
      .where('created_at', '<', endMs)
      .execute();
    return rows.map(movement);
  }

  /** Instalments due before `lastDay` and not paid before the window ends its first day (`firstDayEndMs`). */
  unpaid(lastDay: string, firstDayEndMs: number): Promise<Unpaid[]> {
    return this.store.q
      .selectFrom('instalments as i')
      .innerJoin('loans as l', 'l.id', 'i.loan_id')
      .select([
        'i.loan_id',
        'i.period',
        'i.due_date',
        'i.principal_fen',
        'i.interest_fen',
        'i.fee_fen',
        'i.paid_at',
        'l.grace_days',
        'l.penalty_bp',
      ])
      .where('i.due_date', '<', lastDay)
      .where((eb) => eb.or([eb('i.paid_at', 'is', null), eb('i.paid_at', '>=', firstDayEndMs)]))
      .orderBy('i.loan_id')
      .orderBy('i.period')
      .execute();
  }
}
