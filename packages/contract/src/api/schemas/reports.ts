import { Type } from '@sinclair/typebox';
import { CalendarDate, Money } from './common';

/** The console's reports of money across all loans. */

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });

/**
 * GET /admin/api/reports/daily (and its CSV export): one day (`date`), or the days from `from`
 * to `to`, both included (`to` alone: that day; `from` alone: that day).
 */
export const DailyReportQuery = Type.Object({ date: Type.Optional(Day), from: Type.Optional(Day), to: Type.Optional(Day) });

/** An amount and how many records make it. */
export const Tally = Type.Object({ count: Type.Integer(), amount: Money });

/**
 * How instalments were repaid: `transfer` (a bank transfer proof confirmed), `payoff` (the whole
 * loan settled at the payoff quote), `difference` (money received earlier and applied by
 * finance), else the gateway channel the cashier payment came through (`alipay`, …).
 */
export const ChannelTally = Type.Composite([Type.Object({ channel: Type.String() }), Tally]);

/** What a day's or a range's money came to. */
export const DayFigures = Type.Object({
  /** Loans whose money was sent. */
  disbursed: Tally,
  /** Instalments settled (by any means), at what they were settled for. */
  repaid: Tally,
  /** The same, by how they were repaid; the channels that repaid nothing are left out. */
  repaid_by: Type.Array(ChannelTally),
  /** Differences refunded through the gateway. */
  refunded: Tally,
  /** Differences recorded then that are still open. */
  differences_open: Tally,
  /**
   * Loans with an instalment overdue at the day's end (today: now), and what the borrowers had
   * to pay for those instalments that day, penalty included. A range's: at its last day's end.
   */
  overdue: Tally,
  /** The due-date run's charges made then that Alipay paid (autopay), at what they took. */
  autopay_charged: Tally,
  /** The due-date run's charges made then that Alipay refused (no balance, agreement ended, …): each attempt once. */
  autopay_failed: Type.Integer(),
});

/** One calendar day of the business time zone, from its first to its last millisecond. */
export const DailyReport = Type.Composite([Type.Object({ date: CalendarDate }), DayFigures]);

/** The days of a range, each a row, and their totals. */
export const DailyReportRange = Type.Object({
  from: CalendarDate,
  to: CalendarDate,
  time_zone: Type.String(),
  days: Type.Array(DailyReport),
  total: DayFigures,
});
