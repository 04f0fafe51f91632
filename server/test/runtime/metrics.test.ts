import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { cashier, createLoan, GATEWAY_ENDPOINTS } from '@instalment/contract/api';
import { serveMetrics } from '../../src/runtime/metrics';
import { throughFake, withFakes } from '../fakes';
import { signUp, startServer } from '../helpers';
import { freePort, startProcess, stop } from '../process';
import { request } from '../system/security/traffic';

const loopback = withFakes(['alipay'], ({ alipay }) => startServer(throughFake(alipay)));
let metrics: Server;
beforeAll(async () => {
  metrics = await serveMetrics(loopback.server.app.metrics, 0, '127.0.0.1');
});
afterAll(() => new Promise((resolve) => metrics.close(resolve)));

/** One sample of the scrape, by its name and labels as Prometheus writes them; 0 when absent. */
async function sample(series: string): Promise<number> {
  const { port } = metrics.address() as AddressInfo;
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

test('the counters move through one borrower’s journey: applied, disbursed, paid at Alipay, its notify answered', async () => {
  const counters = {
    applications: 'instalment_loan_applications_total',
    disbursed: 'instalment_disbursements_total{by="rules"}',
    settled: 'instalment_settlements_total{paid_by="payment"}',
    notified: 'instalment_payment_notifies_total{gateway="alipay",answer="success"}',
    forged: 'instalment_payment_notifies_total{gateway="alipay",answer="fail"}',
    created: 'http_request_duration_seconds_count{method="POST",route="/api/loan/create",status="200"}',
  };
  const before = Object.fromEntries(await Promise.all(Object.entries(counters).map(async ([key, series]) => [key, await sample(series)])));

  const borrower = await signUp(loopback.server);
  const { order_no } = await createLoan(borrower.http, borrower.application);
  const due = await cashier(borrower.http, { order_no, periods: '1,2', channel: 'alipay', return_url: 'http://localhost:3000/' });
  expect((await fetch(due.pay_url!)).status).toBe(200);
  await loopback.alipay.pay(due.payment_no);
  // A notify whose signature does not verify is answered `fail`, and counted as such.
  const forged = { ...loopback.alipay.notifyFields(due.payment_no), total_amount: '0.01' };
  expect(await loopback.alipay.postNotify(`${loopback.server.baseURL}${GATEWAY_ENDPOINTS.alipayNotify}`, forged)).toBe('fail');

  const after = Object.fromEntries(await Promise.all(Object.entries(counters).map(async ([key, series]) => [key, await sample(series)])));
  expect(Object.fromEntries(Object.keys(counters).map((key) => [key, after[key] - before[key]]))).toEqual({
    applications: 1,
    disbursed: 1,
    settled: 2,
    notified: 1,
    forged: 1,
    created: 1,
  });
});

test('metrics are served on their own port only: the public port answers 404 for /metrics', async () => {
  expect((await request(loopback.server.baseURL, 'GET', '/metrics')).status).toBe(404);
  const { port } = metrics.address() as AddressInfo;
  expect((await fetch(`http://127.0.0.1:${port}/metrics`)).headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
});

/** This machine's address on its network, as another machine would reach it. */
const networkAddress = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry?.family === 'IPv4' && !entry.internal)!.address;

/** The status of `url`, or 'refused' when nothing listens there. */
const statusOf = (url: string) =>
  fetch(url).then(
    (answer) => answer.status,
    () => 'refused' as const,
  );

test('the metrics listener answers on loopback only, even where the API binds every address, unless METRICS_HOST says otherwise', async () => {
  const outside = networkAddress();
  for (const [env, fromOutside] of [
    [{}, 'refused'],
    [{ METRICS_HOST: '0.0.0.0' }, 200],
  ] as const) {
    const port = await freePort();
    const api = await startProcess({ databaseFile: ':memory:' }, { HOST: '0.0.0.0', METRICS_PORT: String(port), ...env });
    try {
      // The metrics server listens just after the API does.
      while ((await statusOf(`http://127.0.0.1:${port}/metrics`)) !== 200) await sleep(20);
      expect(await statusOf(`http://${outside}:${new URL(api.baseURL).port}/health`)).toBe(200);
      expect({ env, status: await statusOf(`http://${outside}:${port}/metrics`) }).toEqual({ env, status: fromOutside });
    } finally {
      await stop(api);
    }
  }
}, 60_000);
