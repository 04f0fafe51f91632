import type { CalendarDate } from '@instalment/shared/api';
import { daysInMonth } from '@instalment/shared/validation';

/** The platform keeps its books in China Standard Time (UTC+8, no daylight saving). */
const PLATFORM_OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** The platform's calendar date of an instant. */
export function calendarDate(instant: Date | number): CalendarDate {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return new Date(ms + PLATFORM_OFFSET_MS).toISOString().slice(0, 10);
}

function parts(date: CalendarDate): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y, m, d];
}

/** The same day `months` later, clamped to the end of a shorter month (Jan 31 + 1 → Feb 28/29). */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(d, daysInMonth(year, month));
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The calendar date `days` later (earlier when negative). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  const utc = (date: CalendarDate) => {
    const [y, m, d] = parts(date);
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}
