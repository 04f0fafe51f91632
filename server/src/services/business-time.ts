import type { CalendarDate } from '@instalment/shared/api';
import { addDays } from '@instalment/shared/loan';
import { Refusal, say } from './refusals';

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one costs far more than using it, and an export formats every row. */
function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, format);
  }
  return format;
}

function wallClock(ms: number, zone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const parts = Object.fromEntries(
    formatOf(zone)
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  );
  return parts as ReturnType<typeof wallClock>;
}

/** How far `zone`'s clocks are ahead of UTC at `ms` (DST included, where a zone has it). */
function offsetAt(ms: number, zone: string): number {
  const clock = wallClock(ms, zone);
  const asUtc = Date.UTC(+clock.year, +clock.month - 1, +clock.day, +clock.hour, +clock.minute, +clock.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant `zone`'s clocks show midnight starting `day`. */
function midnight(day: CalendarDate, zone: string): number {
  const [year, month, date] = day.split('-').map(Number);
  const utcMidnight = Date.UTC(year, month - 1, date);
  // The offset at a guess, then at the instant it gives: right across a change of offset that day.
  const guess = utcMidnight - offsetAt(utcMidnight, zone);
  return utcMidnight - offsetAt(guess, zone);
}

/**
 * The instants of one calendar day in `zone`: from its first millisecond, up to (not including)
 * the next day's. A day that does not exist (2026-02-30) is refused.
 */
export function dayRange(day: CalendarDate, zone: string): { startMs: number; endMs: number } {
  const [year, month, date] = day.split('-').map(Number);
  if (new Date(Date.UTC(year, month - 1, date)).getUTCDate() !== date) throw new Refusal(say('dayUnknown', { day }));
  return { startMs: midnight(day, zone), endMs: midnight(addDays(day, 1), zone) };
}

/** The instants from the start of `from` to the end of `to` (either open when absent). */
export function instantsBetween(
  from: CalendarDate | undefined,
  to: CalendarDate | undefined,
  zone: string,
): { fromMs?: number; toMs?: number } {
  return { fromMs: from ? dayRange(from, zone).startMs : undefined, toMs: to ? dayRange(to, zone).endMs : undefined };
}

/** An instant as `zone`'s clocks show it: `2026-01-15 10:00:00`. */
export function zonedDateTime(ms: number, zone: string): string {
  const clock = wallClock(ms, zone);
  return `${clock.year}-${clock.month}-${clock.day} ${clock.hour}:${clock.minute}:${clock.second}`;
}

/** The calendar day `zone` is in at `ms`. */
export function zonedDay(ms: number, zone: string): CalendarDate {
  return zonedDateTime(ms, zone).slice(0, 10);
}
