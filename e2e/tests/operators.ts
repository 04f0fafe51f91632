import { execFileSync } from 'node:child_process';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { authenticator } from 'otplib';
import { ADMIN_ENDPOINTS, beginEnrolment, enrol, type HttpClient, type OperatorSession } from '../../packages/contract/src/api';
import { createHttpClient } from '../../packages/host-sdk/src/http';
import { apiUrl, ROOT } from './support';

export const consoleUrl = () => process.env.E2E_OPS_URL!;
let operatorCount = 0;

export type Operator = { username: string; password: string; totp_secret: string };

/** What `npm run operator -w server -- add` prints: the new operator's one-time enrolment code, never a password. */
export type Enrolment = { username: string; enrolment_code: string; expires_at: string; enrolment_link?: string };

/** An operator made as an operator would: `npm run operator -w server -- add` (its compiled script) on the API's database. */
export function addEnrolment(
  roles: string,
  username = `e2e.${Date.now() % 100_000}.${(operatorCount += 1)}`,
  consoleUrl?: string,
): Enrolment {
  const output = execFileSync(
    process.execPath,
    ['dist/operator.js', 'add', username, '--roles', roles, ...(consoleUrl ? ['--console', consoleUrl] : [])],
    {
      cwd: path.join(ROOT, 'server'),
      env: { ...process.env, DATABASE_FILE: process.env.E2E_DATABASE_FILE! },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return JSON.parse(output.trim().split('\n').pop()!);
}

/**
 * An operator added on the command line who has enrolled through the API as the console's
 * enrolment page does: their own password, the secret it showed them, confirmed with the code of
 * the step before (an authenticator a step behind), so that the code shown now still signs in once.
 */
export async function addOperator(roles: string): Promise<Operator> {
  const { username, enrolment_code: code } = addEnrolment(roles);
  const http = createHttpClient({ baseURL: apiUrl(), getToken: () => null, tokenAs: 'bearer', onUnauthorized: () => undefined });
  const { totp_secret } = await beginEnrolment(http, code);
  const password = `Own${Date.now() % 1_000_000}x${operatorCount}`;
  const step = stepNow() - 1;
  await enrol(http, { code, password, totp: codeAt(totp_secret, step) });
  usedSteps.set(username, step);
  return { username, password, totp_secret };
}

const STEP_MS = 30_000;
const stepNow = () => Math.floor(Date.now() / STEP_MS);
const codeAt = (secret: string, step: number) => authenticator.clone({ epoch: step * STEP_MS }).generate(secret);
/** The last time step each operator's code was used in: the server takes each step's code once. */
const usedSteps = new Map<string, number>();

/**
 * The code an operator's authenticator shows for a new sign-in: this step's, or the next one's
 * (the server accepts a step either way) when this step's was used already; when both were, the
 * next step is waited for. A journey signs one operator in more than once (a window and the API).
 */
async function freshCode({ username, totp_secret }: Operator): Promise<string> {
  for (;;) {
    const step = Math.max(stepNow(), (usedSteps.get(username) ?? -Infinity) + 1);
    if (step <= stepNow() + 1) {
      usedSteps.set(username, step);
      return codeAt(totp_secret, step);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

const consoleWindows = new Set<BrowserContext>();

/**
 * Closes the console windows the journey opened. Playwright closes only the contexts it made
 * itself; left open, each window keeps its page, its timers and its memory for the rest of the run.
 */
export async function closeConsoleWindows() {
  await Promise.all([...consoleWindows].map((context) => context.close()));
  consoleWindows.clear();
}

/** Signs in to the console in a fresh desktop window, with the code the authenticator app shows now. */
export async function signIn(browser: Browser, operator: Operator): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });
  consoleWindows.add(context);
  const page = await context.newPage();
  await page.goto(consoleUrl());
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByLabel('Authenticator code').fill(await freshCode(operator));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`${operator.username} ·`)).toBeVisible();
  return page;
}

/** The console's API as an operator signed in through it, without a window. */
export async function consoleApi(operator: Operator): Promise<HttpClient> {
  let token = '';
  const http = createHttpClient({ baseURL: apiUrl(), getToken: () => token, tokenAs: 'bearer', onUnauthorized: () => undefined });
  const { password, username } = operator;
  token = (await http.post<OperatorSession>(ADMIN_ENDPOINTS.login, { username, password, totp: await freshCode(operator) })).token;
  return http;
}

/** What the QR code shown in the page says, read from its pixels as an authenticator app's camera would. */
export async function qrText(page: Page, name: string): Promise<string> {
  const image = page.getByRole('img', { name });
  await expect(image).toBeVisible();
  const { width, height, pixels } = await image.evaluate(async (element) => {
    const img = element as HTMLImageElement;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth * 2;
    canvas.height = img.naturalHeight * 2;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(img, 0, 0, canvas.width, canvas.height);
    return { width: canvas.width, height: canvas.height, pixels: Array.from(context.getImageData(0, 0, canvas.width, canvas.height).data) };
  });
  const found = jsQR(Uint8ClampedArray.from(pixels), width, height);
  if (!found) throw new Error(`no QR code readable in “${name}”`);
  return found.data;
}

/** axe finds nothing on the page as it stands. */
export async function noViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}
