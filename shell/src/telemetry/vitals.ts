import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';

/** The speed figures a view reports (TelemetryView): milliseconds, CLS unitless. */
export type VitalName = 'lcp' | 'inp' | 'cls' | 'ttfb';

const figure = (metric: Metric) => (metric.name === 'CLS' ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value));

/**
 * Hears the page load's LCP, INP, CLS and TTFB as web-vitals settles each (LCP at the first input
 * or when the page is hidden, INP and CLS when it is hidden, TTFB once loaded). Its observers read
 * the browser's buffered entries, so a late start loses no paint, shift or response time, only
 * interactions quicker than the buffer keeps (104 ms), which are not the slow ones INP is about.
 */
export function watchVitals(report: (name: VitalName, value: number) => void): void {
  const hear = (metric: Metric) => report(metric.name.toLowerCase() as VitalName, figure(metric));
  onLCP(hear);
  onINP(hear);
  onCLS(hear);
  onTTFB(hear);
}
