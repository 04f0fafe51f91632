import { loadConfig } from '../../src/settings/config';
import { zonedDateTime, zonedDay } from '@instalment/contract/format';
import { dayRange, instantsBetween } from '../../src/services/business-time';
import { Refusal } from '../../src/services/refusals';
import { createLoan, installments, loanRates, orderDetail } from '@instalment/contract/api';
import { signUp, startServer } from '../helpers';

const HOUR_MS = 3600 * 1000;

describe('a calendar day in a time zone', () => {
  it('runs from midnight to midnight of its zone: in Shanghai, 16:00 UTC the day before', () => {
    expect(dayRange('2026-01-15', 'Asia/Shanghai')).toEqual({
      startMs: Date.UTC(2026, 0, 14, 16),
      endMs: Date.UTC(2026, 0, 15, 16),
    });
  });

  it('follows a change of clocks: New York’s 2026-03-08 lasts 23 hours', () => {
    const { startMs, endMs } = dayRange('2026-03-08', 'America/New_York');
    expect(startMs).toBe(Date.UTC(2026, 2, 8, 5));
    expect(endMs - startMs).toBe(23 * HOUR_MS);
  });

  it('refuses a day the calendar does not have', () => {
    expect(() => dayRange('2026-02-30', 'Asia/Shanghai')).toThrow(Refusal);
  });

  it('spans two days from the start of the first to the end of the last, either end open', () => {
    expect(instantsBetween('2026-01-01', '2026-01-31', 'Asia/Shanghai')).toEqual({
      fromMs: Date.UTC(2025, 11, 31, 16),
      toMs: Date.UTC(2026, 0, 31, 16),
    });
    expect(instantsBetween(undefined, undefined, 'Asia/Shanghai')).toEqual({ fromMs: undefined, toMs: undefined });
  });
});

test('an instant as the zone’s clocks show it: 23:30 UTC is the next morning in Shanghai', () => {
  const instant = Date.UTC(2026, 10, 25, 23, 30);
  expect(zonedDateTime(instant, 'Asia/Shanghai')).toBe('2026-11-26 07:30:00');
  expect(zonedDay(instant, 'Asia/Shanghai')).toBe('2026-11-26');
  expect(zonedDay(instant, 'UTC')).toBe('2026-11-25');
});

test('BUSINESS_TIMEZONE is Asia/Shanghai unless set, and must be a zone', () => {
  expect(loadConfig({}).businessTimezone).toBe('Asia/Shanghai');
  expect(loadConfig({ BUSINESS_TIMEZONE: 'Europe/Berlin' }).businessTimezone).toBe('Europe/Berlin');
  expect(() => loadConfig({ BUSINESS_TIMEZONE: 'Mars/Olympus' })).toThrow(/BUSINESS_TIMEZONE/);
});

test('the books keep the business zone’s calendar: a loan paid out at 20:00 UTC falls due a month from that day in its zone', async () => {
  // 2026-01-14 20:00 UTC is already 2026-01-15 04:00 in Shanghai; in London it is still the 14th.
  const made = Date.UTC(2026, 0, 14, 20);
  const dueIn = async (businessTimezone: string) => {
    const server = await startServer({ businessTimezone });
    try {
      server.clock.now = made;
      const user = await signUp(server);
      const { order_no } = await createLoan(user.http, user.application);
      const first = (await installments(user.http, { order_no })).list[0];
      // Approved by the rules and paid out at once, at that instant.
      expect((await orderDetail(user.http, { order_no })).disbursed_at).toBe(new Date(made).toISOString());
      return first.due_date;
    } finally {
      await server.close();
    }
  };
  expect(await dueIn('Asia/Shanghai')).toBe('2026-02-15');
  expect(await dueIn('Europe/London')).toBe('2026-02-14');
});

test('the app is told the business zone with the loan rates, so that its calendar is the books’', async () => {
  for (const businessTimezone of ['Europe/London', 'Asia/Shanghai']) {
    const server = await startServer({ businessTimezone });
    try {
      expect((await loanRates(server.client().http)).business_timezone).toBe(businessTimezone);
    } finally {
      await server.close();
    }
  }
});
