import { sql } from 'kysely';
import type { Store } from '../db/store';

/** How many records and how many fen. */
export interface FenTally {
  count: number;
  fen: number;
}

/** A window of instants, `startMs` included, `endMs` not. */
export interface Window {
  startMs: number;
  endMs: number;
}

const tally = (row: { n: number | string; fen: number | string }): FenTally => ({ count: Number(row.n), fen: Number(row.fen) });

/** The money of a window across all loans, for the daily report. */
export class ReportRecords {
  constructor(private readonly store: Store) {}

  async disbursed({ startMs, endMs }: Window): Promise<FenTally> {
    const row = await this.store.q
      .selectFrom('loans')
      .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(amount_fen), 0)`.as('fen')])
      .where('disbursed_at', '>=', startMs)
      .where('disbursed_at', '<', endMs)
      .executeTakeFirstOrThrow();
    return tally(row);
  }

  /** Instalments settled in the window, at what each was settled for (its frozen interest, fee and penalty). */
  async repaid({ startMs, endMs }: Window): Promise<FenTally> {
    const row = await this.store.q
      .selectFrom('instalments')
      .select([
        sql<number>`count(*)`.as('n'),
        sql<number>`coalesce(sum(principal_fen + coalesce(paid_interest_fen, interest_fen) + coalesce(paid_fee_fen, fee_fen) + penalty_fen), 0)`.as(
          'fen',
        ),
      ])
      .where('paid_at', '>=', startMs)
      .where('paid_at', '<', endMs)
      .executeTakeFirstOrThrow();
    return tally(row);
  }

  async refunded({ startMs, endMs }: Window): Promise<FenTally> {
    const row = await this.store.q
      .selectFrom('payment_differences')
      .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(refunded_fen), 0)`.as('fen')])
      .where('status', '=', 'refunded')
      .where('resolved_at', '>=', startMs)
      .where('resolved_at', '<', endMs)
      .executeTakeFirstOrThrow();
    return tally(row);
  }

  /** Differences recorded in the window and not resolved yet: what they did not settle. */
  async differencesOpen({ startMs, endMs }: Window): Promise<FenTally> {
    const row = await this.store.q
      .selectFrom('payment_differences')
      .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(received_fen - settled_fen), 0)`.as('fen')])
      .where('status', '=', 'open')
      .where('created_at', '>=', startMs)
      .where('created_at', '<', endMs)
      .executeTakeFirstOrThrow();
    return tally(row);
  }
}
