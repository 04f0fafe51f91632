import type { CalendarDate } from '../api/types/common';
import { daysInMonth } from '@instalment/contract/validation';
import { DEFAULT_BUSINESS_TIMEZONE, zonedDay } from '../calendar/business-time';

const DAY_MS = 24 * 3600 * 1000;

/**
 * The lender's calendar date of an instant: its day in the business time zone, in which the
 * books are kept (due dates, "today", overdue days). The server passes its `BUSINESS_TIMEZONE`;
 * the borrower's app, the zone the API serves with the loan rates (`business_timezone`).
 */
export function calendarDate(instant: Date | number, zone: string = DEFAULT_BUSINESS_TIMEZONE): CalendarDate {
  return zonedDay(Number(instant), zone);
}

// Stryker disable all: the digit-by-digit reading only saves time. loan.test.ts checks that it
// answers as the split does; most changes to it only make it fall back to the split, the same
// rule slower, which no test can tell.
const ZERO = '0'.charCodeAt(0);
const DASH = '-'.charCodeAt(0);

/** A digit's value, or NaN for any other character. */
function digit(date: string, index: number): number {
  const value = date.charCodeAt(index) - ZERO;
  return value >= 0 && value <= 9 ? value : NaN;
}

/**
 * Year, month and day as splitting on '-' reads them. The ledger reads two dates for every
 * instalment it shows, so a date in the stored form (YYYY-MM-DD) is read digit by digit,
 * without the arrays and strings of a split; anything else is split.
 */
function parts(date: CalendarDate): [number, number, number] {
  if (date.length === 10 && date.charCodeAt(4) === DASH && date.charCodeAt(7) === DASH) {
    const y = digit(date, 0) * 1000 + digit(date, 1) * 100 + digit(date, 2) * 10 + digit(date, 3);
    const m = digit(date, 5) * 10 + digit(date, 6);
    const d = digit(date, 8) * 10 + digit(date, 9);
    if (!Number.isNaN(y + m + d)) return [y, m, d];
  }
  // Stryker restore all
  const [y, m, d] = date.split('-').map(Number);
  return [y, m, d];
}

const utc = (date: CalendarDate) => {
  const [y, m, d] = parts(date);
  return Date.UTC(y, m - 1, d);
};

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
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}
