import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';

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

let phoneCounter = Date.now() % 100_000_000;
/** A fresh valid phone number for each journey. */
export function newPhone(): string {
  phoneCounter += 1;
  return `139${String(phoneCounter).padStart(8, '0').slice(-8)}`;
}

/** The newest SMS code the server's development outbox holds for a phone and event. */
export async function smsCode(mobile: string, event: 'register' | 'mobilelogin'): Promise<string> {
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
  await page.getByRole('button', { name: 'register', exact: true }).click();
}

/** The shell's config.json as served, and a way to edit it for one test and put it back. */
const CONFIG = path.join(ROOT, 'shell', 'dist', 'config.json');
export function editConfig(change: (config: { apiBaseURL: string; remotes: Record<string, string> }) => void): () => void {
  const original = fs.readFileSync(CONFIG, 'utf8');
  const config = JSON.parse(original);
  change(config);
  fs.writeFileSync(CONFIG, JSON.stringify(config, null, 2));
  return () => fs.writeFileSync(CONFIG, original);
}

/** Saves the journey's last screen for a person to look at. */
export async function lastScreen(page: Page, testInfo: TestInfo) {
  await page.screenshot({ path: testInfo.outputPath('last-screen.png'), fullPage: true });
}
