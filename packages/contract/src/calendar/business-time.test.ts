import { inZone, shownDay, shownTime, zonedMidnight } from './business-time';

test('an instant is shown as the business zone’s clocks show it: 23:30 UTC is the next morning in Shanghai', () => {
  expect(shownTime('2026-11-25T23:30:00.000Z', 'Asia/Shanghai')).toBe('2026-11-26 07:30');
  expect(shownDay('2026-11-25T23:30:00.000Z', 'Asia/Shanghai')).toBe('2026-11-26');
  expect(shownDay('2026-11-25T15:59:59.000Z', 'Asia/Shanghai')).toBe('2026-11-25');
  expect(shownTime(null, 'Asia/Shanghai')).toBe('');
});

test('a zone with daylight saving keeps its own day edges', () => {
  // New York's clocks went back on 2026-11-01: that day's midnight was still in EDT (UTC-4).
  expect(new Date(zonedMidnight('2026-11-01', 'America/New_York')).toISOString()).toBe('2026-11-01T04:00:00.000Z');
  expect(new Date(zonedMidnight('2026-11-02', 'America/New_York')).toISOString()).toBe('2026-11-02T05:00:00.000Z');
});

test('a column names the zone its times are in', () => {
  expect(inZone('Created', 'Asia/Shanghai')).toBe('Created (Asia/Shanghai)');
});
