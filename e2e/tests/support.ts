import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, type Page, type TestInfo } from '@playwright/test';

import { newIdCard } from '@instalment/testing/people';

export { newIdCard, newPhone } from '@instalment/testing/people';

export const ROOT = path.join(__dirname, '..', '..');
export const shellUrl = () => process.env.E2E_SHELL_URL!;
export const apiUrl = () => process.env.E2E_API_URL!;
export const ports = (): Record<string, number> => JSON.parse(process.env.E2E_PORTS!);

/** Opens an app route from a cold page load. */
export async function open(page: Page, route: string) {
  await page.goto(`${shellUrl()}#${route}`);
}

/** The page's title as the header shows it. */
export const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** The newest SMS code the server's development outbox holds for a phone and event. */
export async function smsCode(
  mobile: string,
  event: 'register' | 'mobilelogin' | 'resetpwd' | 'changemobile' | 'closeaccount',
): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const response = await fetch(`${apiUrl()}/dev/sms-outbox?mobile=${mobile}`);
      const body = (await response.json()) as { data: Array<{ event: string; code: string }> };
      code = body.data.find((entry) => entry.event === event)?.code ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

/** Registers through the register page; ends logged in wherever the app sends the user. */
export async function registerThroughUi(page: Page, mobile: string, password = 'abc12345') {
  await open(page, '/pages/register/register');
  await page.getByLabel('phone number').fill(mobile);
  await page.getByRole('button', { name: /send code/i }).click();
  await page.getByLabel('verification code').fill(await smsCode(mobile, 'register'));
  await page.getByLabel('password', { exact: true }).fill(password);
  await page.getByLabel('confirm password').fill(password);
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('button', { name: 'register', exact: true }).click();
}

/** A host's config.json as served (the shell's unless `host` says the console's), and a way to edit it for one test and put it back. */
export function editConfig(
  change: (config: { apiBaseURL: string; remotes: Record<string, string> }) => void,
  host: 'shell' | 'ops' = 'shell',
): () => void {
  const file = path.join(ROOT, host, 'dist', 'config.json');
  const original = fs.readFileSync(file, 'utf8');
  const config = JSON.parse(original);
  change(config);
  fs.writeFileSync(file, JSON.stringify(config, null, 2));
  return () => fs.writeFileSync(file, original);
}

/** Saves the journey's last screen for a person to look at. */
export async function lastScreen(page: Page, testInfo: TestInfo) {
  await page.screenshot({ path: testInfo.outputPath('last-screen.png'), fullPage: true });
}

/** Pulls the page down with a finger (touch events, as on a phone) and lets go. */
export async function pullDown(page: Page, distance = 240) {
  const cdp = await page.context().newCDPSession(page);
  const box = (await page.getByRole('main').boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + 30;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 12; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + (distance * step) / 12 }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Applies through the apply page for a 3-month loan; answers the new loan's number. */
export async function applyThroughUi(page: Page, amount = '3000'): Promise<string> {
  await open(page, '/pages/loan/apply');
  await expect(heading(page)).toHaveText('apply for a loan');
  await page.getByLabel('Loan amount (¥)').fill(amount);
  await page.getByRole('radio', { name: /^3 months/ }).check();
  await page.getByLabel('Purpose').selectOption('travel');
  await page.getByLabel('Real name').fill('Li Lei');
  await page.getByLabel('National ID card number').fill(newIdCard());
  await page.getByLabel('Bank card number').fill('6222020200112233');
  await page.getByLabel('Bank', { exact: true }).fill('China Merchants Bank');
  await page.getByRole('checkbox').check();
  await expect(page.getByText('Monthly payment')).toBeVisible();
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page).toHaveURL(/pages\/loan\/detail\?order_no=/);
  return new URL(page.url().replace('#', '')).searchParams.get('order_no')!;
}

/** A port nothing listens on now, on loopback (the stack scripts' own). */
export const freePort: () => Promise<number> = require('../../scripts/ports').freePort;

/**
 * A second API process on the suite's database, configured as the first but for `env`, answering
 * gateways at its own address: for a journey that needs its own clock (POST /dev/clock) or setting.
 */
export async function siblingApi(env: Record<string, string> = {}): Promise<{ url: string; stop(): Promise<unknown> }> {
  const { startApi } = require('../../scripts/stack');
  const port = await freePort();
  return startApi({
    port,
    quiet: true,
    env: { ...JSON.parse(process.env.E2E_API_ENV!), PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
  });
}

/** A tiny valid PNG (1×1). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let receiptCounter = 0;
/**
 * A receipt no other journey sent: the 1×1 PNG with a text chunk of its own. The server refuses
 * a receipt that already backs another proof, so journeys sharing one picture would depend on their order.
 */
export function newProofImage(): Buffer {
  receiptCounter += 1;
  const data = Buffer.from(`Comment\0receipt ${process.pid}.${Date.now()}.${receiptCounter}`, 'latin1');
  const type = Buffer.from('tEXt', 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([type, data])));
  const iend = PNG.length - 12;
  return Buffer.concat([PNG.subarray(0, iend), length, type, data, crc, PNG.subarray(iend)]);
}

/** From the repay page: the chosen periods through the cashier and Alipay's page (a loopback Alipay), and back. */
export async function payThroughGateway(page: Page, orderNo: string, lastPeriod: number) {
  await open(page, `/pages/payment/repay?order_no=${orderNo}`);
  await expect(heading(page)).toHaveText('repay');
  await page.getByRole('checkbox', { name: new RegExp(`^Period ${lastPeriod},`) }).check();
  await page.getByRole('button', { name: 'go to cashier' }).click();
  await expect(heading(page)).toHaveText('cashier');
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: /^pay / }).click();
  await page.getByRole('button', { name: 'Pay with Alipay' }).click();
  await expect(page).toHaveURL(/pages\/payment\/repay/);
  await expect(page.getByText('payment successful')).toBeVisible();
}
