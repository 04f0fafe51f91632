import type { CalendarDate } from '@instalment/contract/api';
import { zonedMidnight } from '@instalment/contract/format';
import { addDays, calendarDate } from '@instalment/contract/loan';
import type { Context } from '../runtime/context';
import { Refusal, sentenceOf } from './refusals';

/** The lender's calendar day of an instant, in the business time zone (`BUSINESS_TIMEZONE`): the books' "today", due dates and days. */
export const businessDay = (ctx: Pick<Context, 'config'>, instant: number): CalendarDate =>
  calendarDate(instant, ctx.config.businessTimezone);

/**
 * The instants of one calendar day in `zone`: from its first millisecond, up to (not including)
 * the next day's. A day that does not exist (2026-02-30) is refused.
 */
export function dayRange(day: CalendarDate, zone: string): { startMs: number; endMs: number } {
  const [year, month, date] = day.split('-').map(Number);
  if (new Date(Date.UTC(year, month - 1, date)).getUTCDate() !== date) throw new Refusal(sentenceOf('dayUnknown', { day }));
  return { startMs: zonedMidnight(day, zone), endMs: zonedMidnight(addDays(day, 1), zone) };
}

/** The instants from the start of `from` to the end of `to` (either open when absent). */
export function instantsBetween(
  from: CalendarDate | undefined,
  to: CalendarDate | undefined,
  zone: string,
): { fromMs?: number; toMs?: number } {
  return { fromMs: from ? dayRange(from, zone).startMs : undefined, toMs: to ? dayRange(to, zone).endMs : undefined };
}
