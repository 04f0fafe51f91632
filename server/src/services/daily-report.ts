import type { DailyReport } from '@instalment/contract/api';
import { fromFen } from '@instalment/contract/loan';
import type { Context } from '../context';
import { ReportRecords, type FenTally } from '../repositories/reports';
import { dayRange } from './business-time';

const tallyView = ({ count, fen }: FenTally) => ({ count, amount: fromFen(fen) });

/** A day's money across all loans, on the calendar of the lender's books (`BUSINESS_TIMEZONE`). */
export class DailyReports {
  constructor(private readonly ctx: Context) {}

  /** What was disbursed, repaid and refunded on `date`, and what that day's differences left open. */
  async of(date: string): Promise<DailyReport> {
    const zone = this.ctx.config.businessTimezone;
    const window = dayRange(date, zone);
    const records = new ReportRecords(this.ctx.store);
    const [disbursed, repaid, refunded, open] = await Promise.all([
      records.disbursed(window),
      records.repaid(window),
      records.refunded(window),
      records.differencesOpen(window),
    ]);
    return {
      date,
      time_zone: zone,
      disbursed: tallyView(disbursed),
      repaid: tallyView(repaid),
      refunded: tallyView(refunded),
      differences_open: tallyView(open),
    };
  }
}
