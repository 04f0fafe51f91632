import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN_ENDPOINTS,
  adminPath,
  askSettingChange,
  consoleApprovals,
  type HttpClient,
  type Settings,
  type SettingValues,
} from '../../packages/contract/src/api';
import { formatRate } from '../../packages/contract/src/format';
import { createHttpClient } from '../../packages/host-sdk/src/http';
import { addOperator, closeConsoleWindows, consoleApi, noViolations, signIn, type Operator } from './operators';
import { apiUrl } from './support';

test.afterEach(closeConsoleWindows);

/**
 * What a console action's button reads, in either language (deciding, asking, publishing, an
 * account's changes): an operator who only reads a screen is offered none of them.
 */
const ACTION =
  /^(Approve|Decline|Reject|Refund|Close|Publish|Take down|Save|Create|Unlock|Disable|Enable|New authenticator|Ask to)\b|^(批准|驳回|拒绝|退款|关闭|发布|下线|保存|创建(?!时间)|解锁|停用|启用|重置验证器|发起|申请)/;
const NAVIGATION = { en: 'Console', 'zh-CN': '后台' } as const;

/** The console API's writes the page sends beyond signing in and out. */
function writesOf(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/admin/api/') || !['POST', 'PUT', 'PATCH', 'DELETE'].includes(request.method())) return;
    if (pathname !== ADMIN_ENDPOINTS.login && pathname !== ADMIN_ENDPOINTS.logout) writes.push(`${request.method()} ${pathname}`);
  });
  return writes;
}

/** The rates in force, as the console's rates form sends them, with one term's monthly rate 5 bp lower. */
async function cheaperRates(http: HttpClient) {
  const { terms, ...rest } = (await http.get<Settings>(ADMIN_ENDPOINTS.settings)).loan_rates;
  const last = terms[terms.length - 1];
  const value: SettingValues['loan_rates'] = {
    ...rest,
    terms: terms.map(({ term, monthly_rate_bp, monthly_fee_bp }) => ({
      term,
      monthly_rate_bp: term === last.term ? monthly_rate_bp - 5 : monthly_rate_bp,
      monthly_fee_bp,
    })),
  };
  return { value, term: last.term, before: last.monthly_rate_bp, after: last.monthly_rate_bp - 5 };
}

/** Declines every rates change left waiting (an earlier journey's), so that a new one may be asked. */
async function declineWaitingRates(checker: HttpClient) {
  const { list } = await consoleApprovals(checker, { status: 'awaiting', limit: 100 });
  for (const approval of list.filter((row) => row.kind === 'setting.loan_rates' && row.may_decide))
    await checker.post(adminPath(ADMIN_ENDPOINTS.declineApproval, { id: approval.id }), { reason: 'Left from an earlier run' });
}

/** Five wrong passwords from this address: the operator's further tries from it wait, and the console lists them as locked. */
async function lockOut(operator: Operator) {
  const http = createHttpClient({ baseURL: apiUrl(), getToken: () => null, tokenAs: 'bearer', onUnauthorized: () => undefined });
  for (let attempt = 0; attempt < 5; attempt += 1)
    await http
      .post(ADMIN_ENDPOINTS.login, { username: operator.username, password: 'NotTheirs123', totp: '000000' }, { toast: false })
      .catch(() => undefined);
}

test('50a. staff: the auditor opens every console screen in both languages, is offered no action and sends no change; axe finds nothing', async ({
  browser,
}) => {
  // Thirteen screens or more, each twice, each with axe: several minutes on a busy 2-core machine.
  test.setTimeout(300_000);
  const page = await signIn(browser, await addOperator('auditor'));
  const writes = writesOf(page);
  for (const locale of ['en', 'zh-CN'] as const) {
    if (locale === 'zh-CN') await page.getByRole('button', { name: 'Switch to Chinese' }).click();
    const navigation = page.getByRole('navigation', { name: NAVIGATION[locale] });
    // The console's own four and the remotes' once published (loans, overdue, rates, proofs, payments, channels, differences, borrowers, news).
    await expect.poll(() => navigation.getByRole('link').count()).toBeGreaterThanOrEqual(13);
    await expect(navigation.getByRole('status')).toHaveCount(0);
    const screens = await navigation.getByRole('link').allTextContents();
    for (const name of screens) {
      await navigation.getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      await page.waitForLoadState('networkidle');
      const main = page.getByRole('main');
      // Read, never refused: no "It opens for: …".
      await expect(main.getByRole('alert')).toHaveCount(0);
      expect({ screen: name, actions: await main.getByRole('button', { name: ACTION }).allTextContents() }).toEqual({
        screen: name,
        actions: [],
      });
      await noViolations(page);
    }
  }
  expect(writes).toEqual([]);
});

test('50b. staff: the auditor reads a rate change as words with the APR, and a declined change with its reason', async ({ browser }) => {
  const [maker, checker] = await Promise.all([addOperator('finance'), addOperator('finance')]);
  const [makerApi, checkerApi] = [await consoleApi(maker), await consoleApi(checker)];
  await declineWaitingRates(checkerApi);
  const reason = `Not signed off by the board ${Date.now() % 100_000}`;
  const declined = await askSettingChange(makerApi, 'loan_rates', (await cheaperRates(makerApi)).value);
  await checkerApi.post(adminPath(ADMIN_ENDPOINTS.declineApproval, { id: declined.approval_id }), { reason });
  const { value, term, before, after } = await cheaperRates(makerApi);
  const asked = await askSettingChange(makerApi, 'loan_rates', value);

  const page = await signIn(browser, await addOperator('auditor'));
  await page.getByRole('link', { name: 'Approvals', exact: true }).click();
  const rowOf = (id: number) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });
  await expect(rowOf(asked.approval_id)).toContainText(
    new RegExp(`${term} months: monthly rate ${formatRate(before)} → ${formatRate(after)}, .*APR \\d+\\.\\d{2}% → \\d+\\.\\d{2}%`),
  );
  await expect(rowOf(asked.approval_id).getByRole('button')).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Status' }).selectOption('declined');
  await expect(rowOf(declined.approval_id)).toContainText(`Why: ${reason}`);
  await expect(rowOf(declined.approval_id)).toContainText(checker.username);

  // Leaves no change waiting for the journeys after this one.
  await checkerApi.post(adminPath(ADMIN_ENDPOINTS.declineApproval, { id: asked.approval_id }), { reason: 'Read by the auditor' });
});

test('50c. staff: the operators screen shows an operator shut out by failed sign-ins as locked, in both languages', async ({ browser }) => {
  const locked = await addOperator('support');
  await lockOut(locked);
  const page = await signIn(browser, await addOperator('auditor'));
  await page.getByRole('link', { name: 'Operators', exact: true }).click();
  await expect(page.getByRole('columnheader', { name: 'Status' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: locked.username });
  await expect(row).toContainText('Locked (failed sign-ins)');
  await page.getByRole('button', { name: 'Switch to Chinese' }).click();
  await expect(page.getByRole('columnheader', { name: '状态' })).toBeVisible();
  await expect(row).toContainText('已锁定（登录失败）');
  await expect(page.getByRole('main').getByRole('button', { name: '解锁' })).toHaveCount(0);
});

test('50d. staff: the console and the app each serve their tab icon', async ({ page }) => {
  for (const url of [process.env.E2E_OPS_URL!, process.env.E2E_SHELL_URL!]) {
    await page.goto(url);
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    const answer = await page.request.get(new URL(icon!, page.url()).toString());
    expect({ url, status: answer.status(), type: answer.headers()['content-type'] }).toEqual({
      url,
      status: 200,
      type: expect.stringContaining('image/svg+xml'),
    });
  }
});
