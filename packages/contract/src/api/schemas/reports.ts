import { Type } from '@sinclair/typebox';
import { CalendarDate, Money } from './common';

/** The console's reports of money across all loans. */

/** GET /admin/api/reports/daily?date=YYYY-MM-DD. */
export const DailyReportQuery = Type.Object({ date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 }) });

/** An amount and how many records make it. */
export const Tally = Type.Object({ count: Type.Integer(), amount: Money });

/** One calendar day of the business time zone, from its first to its last millisecond. */
export const DailyReport = Type.Object({
  date: CalendarDate,
  time_zone: Type.String(),
  /** Loans whose money was sent that day. */
  disbursed: Tally,
  /** Instalments settled that day (by any means), at what they were settled for. */
  repaid: Tally,
  /** Differences refunded through the gateway that day. */
  refunded: Tally,
  /** Differences recorded that day that are still open. */
  differences_open: Tally,
});
