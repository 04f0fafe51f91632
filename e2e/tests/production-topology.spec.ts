import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startAlipayFake, type AlipayFake } from '../../server/test/fakes/alipay';
import { applyThroughUi, heading, lastScreen, newPhone, open, payThroughGateway, registerThroughUi } from './support';

// The stack scripts are plain CommonJS shared with `npm run rehearse`.
const { startRehearsal } = require('../../scripts/rehearsal');
const { objectsDir } = require('../../scripts/object-storage');
const { hasBrotli, nginxBinary } = require('../../scripts/nginx');
const { postgresBin } = require('../../scripts/postgres');
const { HASHED_NAME } = require('../../scripts/hashed-names');
const { pagePolicy } = require('../../scripts/page-policy');

interface Rehearsal {
  dir: string;
  shellUrl: string;
  apiUrl: string;
  remoteUrls: Record<string, string>;
  apis: Array<{ url: string; metricsUrl: string }>;
  stop: () => Promise<void>;
}

const missing = [nginxBinary() ? null : 'nginx', postgresBin() ? null : 'postgresql'].filter(Boolean);
// CI installs both (.ci/run); a machine without them runs the other journeys.
test.skip(missing.length > 0 && !process.env.CI, `needs ${missing.join(' and ')} from Debian (npm run rehearse installs them as root)`);

let rehearsal: Rehearsal;
let alipay: AlipayFake;
/** support.ts's helpers find the stack by these; in this file it is the one behind nginx. */
const ADDRESSES = ['E2E_SHELL_URL', 'E2E_API_URL'] as const;
const saved: Partial<Record<(typeof ADDRESSES)[number], string>> = {};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  alipay = await startAlipayFake();
  rehearsal = await startRehearsal({
    quiet: true,
    apiEnv: {
      PAYMENT_PROVIDER: 'alipay',
      ALIPAY_APP_ID: alipay.appId,
      ALIPAY_PRIVATE_KEY: alipay.appPrivateKey,
      ALIPAY_PUBLIC_KEY: alipay.alipayPublicKey,
      ALIPAY_GATEWAY: alipay.gateway,
    },
  });
  for (const name of ADDRESSES) saved[name] = process.env[name];
  process.env.E2E_SHELL_URL = rehearsal.shellUrl;
  process.env.E2E_API_URL = rehearsal.apiUrl;
});

test.afterAll(async () => {
  for (const name of ADDRESSES) process.env[name] = saved[name];
  await rehearsal?.stop();
  await alipay?.close();
});

/** Requests a process has answered, by its own Prometheus counters. */
async function requestsAnswered(metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  return [...text.matchAll(/^http_request_duration_seconds_count\{[^}]*\} (\d+)/gm)].reduce((sum, [, count]) => sum + Number(count), 0);
}

test('36. behind nginx, two API processes on PostgreSQL and one S3 bucket: register, apply, repay through Alipay, a proof in chunks', async ({
  page,
}, testInfo) => {
  const before = await Promise.all(rehearsal.apis.map((api) => requestsAnswered(api.metricsUrl)));
  await registerThroughUi(page, newPhone());
  await expect(page).toHaveURL(/#\/$/);
  const orderNo = await applyThroughUi(page);
  await payThroughGateway(page, orderNo, 1);

  await open(page, `/pages/payment/upload?order_no=${orderNo}`);
  await expect(heading(page)).toHaveText('repayment proof upload');
  await page.getByRole('checkbox', { name: /^Period 2,/ }).check();
  // Three chunks of 512 KiB, which nginx spreads over both processes: one bucket, one database.
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1_500_000, 'receipt '), Buffer.from('\n%%EOF\n')]);
  await page.getByLabel(/^Payment proof/).setInputFiles({ name: 'transfer-receipt.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'submit proof' }).click();
  await expect(page).toHaveURL(new RegExp(`pages/loan/detail\\?order_no=${orderNo}`), { timeout: 30_000 });
  await expect(page.getByText('pending review').first()).toBeVisible();
  await expect(page.getByText(/^Paid on /)).toHaveCount(1);
  // The receipt is an object in the bucket; no process kept it in a folder of its own.
  const stored = fs.readdirSync(objectsDir(path.join(rehearsal.dir, 's3')), { recursive: true }).map(String);
  expect(stored.filter((name) => /\.pdf/.test(name))).not.toHaveLength(0);
  expect(fs.existsSync(path.join(rehearsal.dir, 'uploads'))).toBe(false);

  // Every call went through nginx's one API address, and both processes answered some of them.
  const after = await Promise.all(rehearsal.apis.map((api) => requestsAnswered(api.metricsUrl)));
  const answered = after.map((count, i) => count - before[i]);
  testInfo.annotations.push({ type: 'requests per API process', description: answered.join(' / ') });
  for (const count of answered) expect(count).toBeGreaterThan(5);
  // Alipay's notify reached the API through nginx, and was taken.
  expect([...alipay.trades.values()].flatMap((trade) => trade.notifyAnswers)).toContain('success');
  await lastScreen(page, testInfo);
});

test("36b. nginx answers as the static servers do: caching, precompressed files, the builds' security headers, CORS", async () => {
  const shell = path.join(rehearsal.dir, 'sites', 'shell');
  const expected = pagePolicy({
    config: fs.readFileSync(path.join(shell, 'config.json'), 'utf8'),
    page: fs.readFileSync(path.join(shell, 'index.html'), 'utf8'),
  });
  const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers: { 'accept-encoding': 'br, gzip', ...headers } });

  const hashed = fs.readdirSync(shell).find((name) => name.endsWith('.js') && HASHED_NAME.test(name))!;
  const script = await get(`${rehearsal.shellUrl}${hashed}`);
  expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(script.headers.get('content-encoding')).toBe(hasBrotli() ? 'br' : 'gzip');
  const gzipOnly = await get(`${rehearsal.shellUrl}${hashed}`, { 'accept-encoding': 'gzip' });
  expect(gzipOnly.headers.get('content-encoding')).toBe('gzip');

  const pageAnswer = await get(rehearsal.shellUrl);
  expect(pageAnswer.headers.get('cache-control')).toBe('no-cache');
  for (const [name, value] of Object.entries(expected)) expect(pageAnswer.headers.get(name)).toBe(value);

  const config = await get(`${rehearsal.shellUrl}config.json`);
  expect(config.headers.get('cache-control')).toBe('no-cache');
  expect(JSON.parse(await config.text()).apiBaseURL).toBe(rehearsal.apiUrl);
  const etag = config.headers.get('etag')!;
  expect((await get(`${rehearsal.shellUrl}config.json`, { 'if-none-match': etag })).status).toBe(304);

  const shellOrigin = new URL(rehearsal.shellUrl).origin;
  const manifest = await get(`${rehearsal.remoteUrls['mf-loan']}/mf-manifest.json`, { origin: shellOrigin });
  expect(manifest.headers.get('cache-control')).toBe('no-cache');
  expect(manifest.headers.get('access-control-allow-origin')).toBe(shellOrigin);
  const foreign = await get(`${rehearsal.remoteUrls['mf-loan']}/mf-manifest.json`, { origin: 'https://elsewhere.example' });
  expect(foreign.headers.get('access-control-allow-origin')).toBeNull();

  expect((await get(`${rehearsal.shellUrl}${hashed}.map`)).status).toBe(404);
  const worker = await get(`${rehearsal.shellUrl}sw.js`, { 'service-worker': 'script' });
  expect(worker.headers.get('cache-control')).toBe('no-cache');
  expect(worker.headers.get('content-security-policy')).toBeNull();
  // Metrics stay on each process's own port, never behind the public address.
  expect((await get(`${rehearsal.apiUrl}/metrics`)).status).toBe(404);
});
