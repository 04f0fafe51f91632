import {
  REPORT_MAX_DAYS,
  type CalendarDate,
  type DailyReport,
  type DailyReportQuery,
  type DailyReportRange,
  type DayFigures,
} from '@instalment/contract/api';
import {
  addDays,
  calendarDate,
  daysBetween,
  fromFen,
  type LedgerInstalment,
  overdueDays,
  penaltyFen,
  priceOfPeriods,
} from '@instalment/contract/loan';
import type { Context } from '../runtime/context';
import { AutopayRecords } from '../repositories/autopay';
import { ReportRecords, type Movement, type Unpaid } from '../repositories/reports';
import { businessDay, dayRange } from './business-time';
import { Refusal, sentenceOf } from './refusals';

/** How many records and how many fen. */
interface FenTally {
  count: number;
  fen: number;
}

interface Figures {
  disbursed: FenTally;
  repaid: FenTally;
  repaidBy: Map<string, FenTally>;
  refunded: FenTally;
  differencesOpen: FenTally;
  overdue: FenTally;
  autopayCharged: FenTally;
  autopayFailed: number;
}

const none = (): FenTally => ({ count: 0, fen: 0 });
const blank = (): Figures => ({
  disbursed: none(),
  repaid: none(),
  repaidBy: new Map(),
  refunded: none(),
  differencesOpen: none(),
  overdue: none(),
  autopayCharged: none(),
  autopayFailed: 0,
});
const add = (tally: FenTally, fen: number, count = 1) => {
  tally.count += count;
  tally.fen += fen;
};
const tallyView = ({ count, fen }: FenTally) => ({ count, amount: fromFen(fen) });

const figuresView = (figures: Figures): DayFigures => ({
  disbursed: tallyView(figures.disbursed),
  repaid: tallyView(figures.repaid),
  repaid_by: [...figures.repaidBy].sort(([a], [b]) => a.localeCompare(b)).map(([channel, tally]) => ({ channel, ...tallyView(tally) })),
  refunded: tallyView(figures.refunded),
  differences_open: tallyView(figures.differencesOpen),
  overdue: tallyView(figures.overdue),
  autopay_charged: tallyView(figures.autopayCharged),
  autopay_failed: figures.autopayFailed,
});

/**
 * The loans overdue at the end of `day` (`endMs`), and what their overdue instalments cost that
 * day: unpaid then and past their grace on that day, each at its price with that day's penalty,
 * as the ledger would have priced it for the cashier. Today, this is the overdue report's figure.
 */
function overdueAt(unpaid: readonly Unpaid[], day: CalendarDate, endMs: number): FenTally {
  const byLoan = new Map<number, LedgerInstalment[]>();
  for (const row of unpaid) {
    if (row.paid_at !== null && row.paid_at < endMs) continue;
    const days = overdueDays(row.due_date, day, row.grace_days);
    if (days === 0) continue;
    const instalments = byLoan.get(row.loan_id) ?? [];
    instalments.push({
      period: row.period,
      dueDate: row.due_date,
      principalFen: row.principal_fen,
      interestFen: row.interest_fen,
      feeFen: row.fee_fen,
      penaltyFen: penaltyFen(row.principal_fen + row.interest_fen, days, row.penalty_bp),
      paid: false,
      underReview: false,
    });
    byLoan.set(row.loan_id, instalments);
  }
  const tally = none();
  for (const instalments of byLoan.values()) {
    add(
      tally,
      priceOfPeriods(
        instalments,
        instalments.map((item) => item.period),
      ),
    );
  }
  return tally;
}

/** A day's and a range's money across all loans, on the calendar of the lender's books (`BUSINESS_TIMEZONE`). */
export class DailyReports {
  constructor(private readonly ctx: Context) {}

  /** The days a report's query asks for, or a refusal saying why they cannot be reported: unknown, reversed, too many, or not begun yet. */
  private span(query: DailyReportQuery): { from: CalendarDate; to: CalendarDate } {
    const from = query.from ?? query.date ?? query.to;
    const to = query.to ?? query.date ?? query.from;
    if (from === undefined || to === undefined) throw new Refusal(sentenceOf('reportDayMissing'));
    const zone = this.ctx.config.businessTimezone;
    dayRange(from, zone);
    dayRange(to, zone);
    if (from > to) throw new Refusal(sentenceOf('reportRangeReversed', { from, to }));
    const days = daysBetween(from, to) + 1;
    if (days > REPORT_MAX_DAYS) throw new Refusal(sentenceOf('reportRangeTooLong', { max: REPORT_MAX_DAYS, from, to, days }));
    const today = businessDay(this.ctx, this.ctx.now());
    if (to > today) throw new Refusal(sentenceOf('reportDayAhead', { day: to, today }));
    return { from, to };
  }

  /** One day's figures: what was disbursed, repaid and refunded on `date`, what its differences left open, what was overdue at its end, and what autopay charged. */
  async of(date: CalendarDate): Promise<DailyReport> {
    return (await this.range({ date })).days[0];
  }

  /** Each day of the query's range, and the range's totals (its overdue: at its last day's end). */
  async range(query: DailyReportQuery): Promise<DailyReportRange> {
    const { from, to } = this.span(query);
    const zone = this.ctx.config.businessTimezone;
    const dates = Array.from({ length: daysBetween(from, to) + 1 }, (_, index) => addDays(from, index));
    const windows = dates.map((date) => ({ date, ...dayRange(date, zone) }));
    const whole = { startMs: windows[0].startMs, endMs: windows[windows.length - 1].endMs };
    const records = new ReportRecords(this.ctx.store);
    const [disbursed, repaid, refunded, open, unpaid, charges] = await Promise.all([
      records.disbursed(whole),
      records.repaid(whole),
      records.refunded(whole),
      records.differencesOpen(whole),
      records.unpaid(to, windows[0].endMs),
      new AutopayRecords(this.ctx.store).madeIn(whole.startMs, whole.endMs),
    ]);
    const days = new Map(dates.map((date) => [date, blank()]));
    const total = blank();
    const dayOf = (movement: Movement) => days.get(calendarDate(movement.atMs, zone))!;
    for (const movement of disbursed) [dayOf(movement), total].forEach((figures) => add(figures.disbursed, movement.fen));
    for (const movement of refunded) [dayOf(movement), total].forEach((figures) => add(figures.refunded, movement.fen));
    for (const movement of open) [dayOf(movement), total].forEach((figures) => add(figures.differencesOpen, movement.fen));
    for (const repayment of repaid) {
      for (const figures of [dayOf(repayment), total]) {
        add(figures.repaid, repayment.fen);
        const channel = figures.repaidBy.get(repayment.channel) ?? none();
        add(channel, repayment.fen);
        figures.repaidBy.set(repayment.channel, channel);
      }
    }
    // The day a charge was made: a retry of the day before's due date counts on the day it ran.
    for (const charge of charges) {
      for (const figures of [dayOf({ atMs: charge.created_at, fen: charge.amount_fen }), total]) {
        if (charge.state === 'paid') add(figures.autopayCharged, charge.amount_fen);
        if (charge.state === 'failed') figures.autopayFailed += 1;
      }
    }
    for (const { date, endMs } of windows) days.get(date)!.overdue = overdueAt(unpaid, date, endMs);
    total.overdue = days.get(to)!.overdue;
    return {
      from,
      to,
      time_zone: zone,
      days: dates.map((date) => ({ date, ...figuresView(days.get(date)!) })),
      total: figuresView(total),
    };
  }
}
