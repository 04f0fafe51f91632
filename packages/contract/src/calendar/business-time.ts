/**
 * The lender's business time zone (`BUSINESS_TIMEZONE` on the server, Asia/Shanghai unless set):
 * the console, the reports and the exports show every date and time in it, so that staff and the
 * borrower's app see the same calendar day. A calendar day is `YYYY-MM-DD`.
 */
export const DEFAULT_BUSINESS_TIMEZONE = 'Asia/Shanghai';

type Clock = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

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

function wallClock(ms: number, zone: string): Clock {
  return Object.fromEntries(
    formatOf(zone)
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  ) as Clock;
}

/** How far `zone`'s clocks are ahead of UTC at `ms` (DST included, where a zone has it). */
function offsetAt(ms: number, zone: string): number {
  const clock = wallClock(ms, zone);
  const asUtc = Date.UTC(+clock.year, +clock.month - 1, +clock.day, +clock.hour, +clock.minute, +clock.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant `zone`'s clocks show midnight starting `day`. */
export function zonedMidnight(day: string, zone: string): number {
  const [year, month, date] = day.split('-').map(Number);
  const utcMidnight = Date.UTC(year, month - 1, date);
  // The offset at a guess, then at the instant it gives: right across a change of offset that day.
  const guess = utcMidnight - offsetAt(utcMidnight, zone);
  return utcMidnight - offsetAt(guess, zone);
}

/** An instant as `zone`'s clocks show it: `2026-01-15 10:00:00`. */
export function zonedDateTime(ms: number, zone: string): string {
  const clock = wallClock(ms, zone);
  return `${clock.year}-${clock.month}-${clock.day} ${clock.hour}:${clock.minute}:${clock.second}`;
}

/** The calendar day `zone` is in at `ms`. */
export function zonedDay(ms: number, zone: string): string {
  return zonedDateTime(ms, zone).slice(0, 10);
}

/** An ISO instant of an answer as the console shows it, to the minute: `2026-01-15 10:00`; empty for none. */
export function shownTime(iso: string | null | undefined, zone: string): string {
  return iso ? zonedDateTime(Date.parse(iso), zone).slice(0, 16) : '';
}

/** An ISO instant's calendar day in `zone`; empty for none. */
export function shownDay(iso: string | null | undefined, zone: string): string {
  return iso ? zonedDay(Date.parse(iso), zone) : '';
}

/** A column's header with the zone its times are in: `Created (Asia/Shanghai)`. */
export const inZone = (header: string, zone: string) => `${header} (${zone})`;
