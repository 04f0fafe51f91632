import http from 'node:http';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * What operations watch without reading logs (Prometheus, `/metrics` on METRICS_PORT, never on
 * the public port): each request's duration by route and status, and the business counters
 * whose rise or stall means money or messages going wrong.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly registers = [this.registry];

  readonly requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'API requests by method, route (its pattern, not the path) and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: this.registers,
  });
  readonly applications = new Counter({
    name: 'instalment_loan_applications_total',
    help: 'Loan applications recorded',
    registers: this.registers,
  });
  readonly disbursements = new Counter({
    name: 'instalment_disbursements_total',
    help: 'Loans disbursed: their schedule started',
    labelNames: ['by'] as const,
    registers: this.registers,
  });
  readonly settlements = new Counter({
    name: 'instalment_settlements_total',
    help: 'Instalments settled, by what paid them (payment: a gateway payment; voucher: a transfer proof)',
    labelNames: ['paid_by'] as const,
    registers: this.registers,
  });
  readonly notifies = new Counter({
    name: 'instalment_payment_notifies_total',
    help: "Payment gateways' notifies, by the answer given (success, or fail: refused or not understood)",
    labelNames: ['gateway', 'answer'] as const,
    registers: this.registers,
  });
  readonly smsFailures = new Counter({
    name: 'instalment_sms_failures_total',
    help: 'Text messages the SMS provider did not take',
    labelNames: ['event'] as const,
    registers: this.registers,
  });
  readonly jobFailures = new Counter({
    name: 'instalment_background_job_failures_total',
    help: 'Background job rounds that failed',
    labelNames: ['job'] as const,
    registers: this.registers,
  });
  // What borrowers' browsers report (POST /api/telemetry), by the remote and release that drew the
  // page and the route's pattern. Past TELEMETRY_LABEL_SETS such combinations in one process, a
  // report is stored but left out of these (client_reports_dropped_total).
  readonly clientViews = new Counter({
    name: 'client_page_views_total',
    help: "Page views browsers reported, by remote, release, route and the device's side of a canary",
    labelNames: ['remote', 'release', 'route', 'side'] as const,
    registers: this.registers,
  });
  readonly clientErrors = new Counter({
    name: 'client_errors_total',
    help: 'Errors browsers reported (render, load, unhandled), by the remote release whose code caused them',
    labelNames: ['remote', 'release', 'route', 'kind'] as const,
    registers: this.registers,
  });
  readonly clientVitals = new Histogram({
    name: 'client_web_vital_seconds',
    help: "Browsers' LCP, INP and TTFB (name), in seconds; CLS is client_cls",
    labelNames: ['remote', 'release', 'route', 'name'] as const,
    // Around web-vitals' thresholds: INP 0.2/0.5 s, TTFB 0.8/1.8 s, LCP 2.5/4 s.
    buckets: [0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1, 1.8, 2.5, 4, 6, 10],
    registers: this.registers,
  });
  readonly clientCls = new Histogram({
    name: 'client_cls',
    help: "Browsers' cumulative layout shift (unitless)",
    labelNames: ['remote', 'release', 'route'] as const,
    // Around web-vitals' thresholds: 0.1 good, 0.25 poor.
    buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
    registers: this.registers,
  });
  readonly clientDropped = new Counter({
    name: 'client_reports_dropped_total',
    help: 'Views and errors stored but left out of the client_* metrics: their remote, release and route came past the label sets one process keeps',
    registers: this.registers,
  });
}

/**
 * Serves `/metrics` on a port of its own (METRICS_PORT), beside the process's own figures
 * (memory, CPU, event loop); resolves with the server once it listens.
 */
export function serveMetrics(metrics: Metrics, port: number, host: string): Promise<http.Server> {
  collectDefaultMetrics({ register: metrics.registry });
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') return void response.writeHead(404).end();
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
