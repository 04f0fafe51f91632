import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { watchVitals } from './vitals';

jest.mock('web-vitals', () => ({ onCLS: jest.fn(), onINP: jest.fn(), onLCP: jest.fn(), onTTFB: jest.fn() }));

test('each figure web-vitals settles is reported by its name in the batch: whole milliseconds, CLS to four places', () => {
  const report = jest.fn();
  watchVitals(report);
  const settle = (on: typeof onLCP | typeof onCLS | typeof onINP | typeof onTTFB, name: Metric['name'], value: number) =>
    (jest.mocked(on).mock.calls[0][0] as (metric: Metric) => void)({ name, value } as Metric);
  settle(onTTFB, 'TTFB', 81.4);
  settle(onLCP, 'LCP', 1240.6);
  settle(onCLS, 'CLS', 0.023456);
  settle(onINP, 'INP', 96);
  expect(report.mock.calls).toEqual([
    ['ttfb', 81],
    ['lcp', 1241],
    ['cls', 0.0235],
    ['inp', 96],
  ]);
});
