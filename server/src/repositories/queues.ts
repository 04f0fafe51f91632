import { sql } from 'kysely';
import type { Store } from '../db/store';

/** How many items a queue holds, how many fen they are for, and when its oldest arrived. */
export interface QueueTally {
  count: number;
  fen: number;
  oldestMs: number | null;
}

interface TallyRow {
  n: number | string;
  fen: number | string;
  oldest: number | string | null;
}

const tally = (row: TallyRow): QueueTally => ({
  count: Number(row.n),
  fen: Number(row.fen),
  oldestMs: row.oldest === null ? null : Number(row.oldest),
});

/** The console's stored queues, one aggregate each (the overdue one is the ledger's, in `ConsoleReads.overdue`). */
export class QueueRecords {
  constructor(private readonly store: Store) {}

  /** Applications waiting since they were made; approved loans since they were approved. */
  async loans(status: 'pending' | 'approved'): Promise<QueueTally> {
    const since = status === 'pending' ? sql.ref('created_at') : sql.ref('approved_at');
    const row = await this.store.q
      .selectFrom('loans')
      .select([
        sql<number>`count(*)`.as('n'),
        sql<number>`coalesce(sum(amount_fen), 0)`.as('fen'),
        sql<number | null>`min(${since})`.as('oldest'),
      ])
      .where('status', '=', status)
      .executeTakeFirstOrThrow();
    return tally(row);
  }

  async proofsPending(): Promise<QueueTally> {
    const row = await this.store.q
      .selectFrom('vouchers')
      .select([
        sql<number>`count(*)`.as('n'),
        sql<number>`coalesce(sum(amount_fen), 0)`.as('fen'),
        sql<number | null>`min(created_at)`.as('oldest'),
      ])
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return tally(row);
  }

  /** Approvals carry no sum (a role change moves no money): `fen` is 0. */
  async approvalsAwaiting(): Promise<QueueTally> {
    const row = await this.store.q
      .selectFrom('approvals')
      .select([sql<number>`count(*)`.as('n'), sql<number>`0`.as('fen'), sql<number | null>`min(created_at)`.as('oldest')])
      .where('status', '=', 'awaiting')
      .executeTakeFirstOrThrow();
    return tally(row);
  }

  /** Open differences at what they did not settle, as the daily report counts them. */
  async differencesOpen(): Promise<QueueTally> {
    const row = await this.store.q
      .selectFrom('payment_differences')
      .select([
        sql<number>`count(*)`.as('n'),
        sql<number>`coalesce(sum(received_fen - settled_fen), 0)`.as('fen'),
        sql<number | null>`min(created_at)`.as('oldest'),
      ])
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    return tally(row);
  }
}
