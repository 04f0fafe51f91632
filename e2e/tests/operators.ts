import { execFileSync } from 'node:child_process';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { authenticator } from 'otplib';
import { ADMIN_ENDPOINTS, type HttpClient, type OperatorSession } from '../../packages/contract/src/api';
import { createHttpClient } from '../../packages/host-sdk/src/http';
import { apiUrl, ROOT } from './support';

export const opsUrl = () => process.env.E2E_OPS_URL!;
let operatorCount = 0;

export type Operator = { username: string; password: string; totp_secret: string };

/** An operator made as an operator would: `npm run operator -w server -- add` (its compiled script) on the API's database. */
export function addOperator(roles: string): Operator {
  operatorCount += 1;
  const output = execFileSync(
    process.execPath,
    ['dist/operator.js', 'add', `e2e.${Date.now() % 100_000}.${operatorCount}`, '--roles', roles],
    {
      cwd: path.join(ROOT, 'server'),
      env: { ...process.env, DATABASE_FILE: process.env.E2E_DATABASE_FILE! },
      encoding: 'utf8',
      // The enrolment link it prints for the operator's phone is of no use in the run's log.
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return JSON.parse(output.trim().split('\n').pop()!);
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
  await page.goto(opsUrl());
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByLabel('Authenticator code').fill(authenticator.generate(operator.totp_secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`${operator.username} ·`)).toBeVisible();
  return page;
}

/** The console's API as an operator signed in through it, without a window. */
export async function consoleApi(operator: Operator): Promise<HttpClient> {
  let token = '';
  const http = createHttpClient({ baseURL: apiUrl(), getToken: () => token, tokenAs: 'bearer', onUnauthorized: () => undefined });
  const { password, totp_secret, username } = operator;
  token = (await http.post<OperatorSession>(ADMIN_ENDPOINTS.login, { username, password, totp: authenticator.generate(totp_secret) }))
    .token;
  return http;
}

/** axe finds nothing on the page as it stands. */
export async function noViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}
