import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  askDifferenceRefund,
  ADMIN_ENDPOINTS,
  adminPath,
  cashier,
  createLoan,
  DEV_ENDPOINTS,
  installments,
  paymentDifferences,
  type HttpClient,
} from '../../packages/contract/src/api';
import { formatMoney } from '../../packages/contract/src/format';
import { PATHS } from '../../packages/contract/src/paths';
import { createHttpClient } from '../../packages/host-sdk/src/http';
import { STORAGE_KEYS } from '../../packages/host-sdk/src/session/store';
import { application, borrowerThroughApi } from './borrowers';
import { addOperator, closeConsoleWindows, consoleApi, noViolations, signIn } from './operators';
import { paidTwice, payAtAlipay } from './payments';
import { apiUrl, open, shellUrl, siblingApi } from './support';

const DAY_MS = 86_400_000;

test.afterEach(closeConsoleWindows);

/** The difference a payment left, as finance lists it. */
async function differenceOf(http: HttpClient, paymentNo: string) {
  const { list } = await paymentDifferences(http, { limit: 50 });
  return list.find((difference) => difference.payment_no === paymentNo)!;
}

/** The borrower's app in `page`, signed in with the session the API gave them, in the language asked. */
async function appOf(page: Page, token: string, locale: 'zh-CN' | 'en') {
  await page.addInitScript(
    ({ keys, token, locale }) => {
      window.localStorage.setItem(keys.token, token);
      window.localStorage.setItem(keys.tokenExpireTime, String(Math.floor(Date.now() / 1000) + 3600));
      window.localStorage.setItem('locale', locale);
    },
    { keys: STORAGE_KEYS, token, locale },
  );
}

/** How far the clock must move for the lender's day (Asia/Shanghai, UTC+8 all year) to read 23:55 next. */
function untilFiveToMidnight(now: number): number {
  const target = (15 * 60 + 55) * 60_000; // 23:55 in Shanghai is 15:55 UTC
  return (((target - (now % DAY_MS)) % DAY_MS) + DAY_MS) % DAY_MS || DAY_MS;
}

test('50a. staff: a payment a penalty day made short reads that its price rose, and applied at the price shown with four eyes clears the overdue', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  // The borrower's API: a process of its own on the suite's database, whose clock the journey moves
  // to five to midnight, when the borrower opens Alipay's page, and past it, when Alipay's notify comes.
  const sibling = await siblingApi();
  const { token } = await borrowerThroughApi();
  const http = createHttpClient({ baseURL: sibling.url, getToken: () => token, onUnauthorized: () => undefined });
  let order_no: string;
  let due: Awaited<ReturnType<typeof cashier>>;
  try {
    ({ order_no } = await createLoan(http, application()));
    await http.post(DEV_ENDPOINTS.ageLoan, { order_no, days: 40 });
    await http.post(DEV_ENDPOINTS.clock, { advance_ms: untilFiveToMidnight(Date.now()) });
    due = await cashier(http, { order_no, periods: '1', channel: 'alipay', return_url: `${shellUrl()}/` });
    expect((await fetch(due.pay_url!)).status).toBe(200);
    await http.post(DEV_ENDPOINTS.clock, { advance_ms: 10 * 60_000 });
    await payAtAlipay(due.pay_url!, due.payment_no);
    // A day's penalty more is due by then: the money paid what was shown, no longer what is owed.
    expect((await installments(http, { order_no })).list[0]).toMatchObject({ status: 'overdue' });
  } finally {
    await sibling.stop();
  }
  const borrower = createHttpClient({ baseURL: apiUrl(), getToken: () => token, onUnauthorized: () => undefined });

  const maker = await signIn(browser, await addOperator('finance'));
  await maker.getByRole('link', { name: 'Payment differences', exact: true }).click();
  const row = maker.getByRole('row').filter({ hasText: order_no }).first();
  await expect(row).toContainText(/Price rose by the penalty accrued since it was shown: ¥[\d,.]+ → ¥[\d,.]+/);
  await expect(row).toContainText(formatMoney(due.total));
  await noViolations(maker);
  maker.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: /^Ask to apply #\d+ at the price shown$/ }).click();
  await expect(row.getByRole('button', { name: /^Ask to apply/ })).toHaveCount(0);
  // Asking moved nothing: a second operator must carry it out.
  expect((await installments(borrower, { order_no })).list[0].status).toBe('overdue');

  const checker = await signIn(browser, await addOperator('finance'));
  await checker.getByRole('button', { name: 'Switch to Chinese' }).click();
  await checker.getByRole('link', { name: '复核', exact: true }).click();
  const asked = checker.getByRole('row').filter({ hasText: order_no });
  await expect(asked).toBeVisible();
  await noViolations(checker);
  checker.once('dialog', (dialog) => void dialog.accept());
  await asked.getByRole('button', { name: /^批准 #\d+$/ }).click();
  await expect(asked.getByRole('button', { name: /^批准 #\d+$/ })).toHaveCount(0);

  expect((await installments(borrower, { order_no })).list[0].status).toBe('paid');
  expect((await differenceOf(await consoleApi(await addOperator('finance')), due.payment_no)).status).toBe('credited');
});

test('50b. a refunded payment reads refunded in the payments list, the borrower view, the CSV and the borrower’s app', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { http, mobile, token } = await borrowerThroughApi();
  const { order_no, due, refunds } = await paidTwice(http);
  const [maker, checker] = await Promise.all([addOperator('finance'), addOperator('finance')]);
  const makerApi = await consoleApi(maker);
  const asked = await askDifferenceRefund(makerApi, (await differenceOf(makerApi, due.payment_no)).id);
  await (await consoleApi(checker)).post(adminPath(ADMIN_ENDPOINTS.approveApproval, { id: asked.approval_id }), {});
  await expect.poll(async () => (await refunds()).map((refund) => refund.refundAmount)).toEqual([due.total]);

  // Finance's payments list, in Chinese.
  const finance = await signIn(browser, maker);
  await finance.getByRole('button', { name: 'Switch to Chinese' }).click();
  await finance.getByRole('link', { name: '还款记录', exact: true }).click();
  await expect(finance.getByRole('row').filter({ hasText: due.payment_no })).toContainText('已退款');
  await noViolations(finance);

  // The CSV of the same list, as finance exports it.
  const [download] = await Promise.all([finance.waitForEvent('download'), finance.getByRole('button', { name: '导出 CSV' }).click()]);
  const line = (await readFile((await download.path())!))
    .toString('utf8')
    .split('\r\n')
    .find((row) => row.includes(due.payment_no));
  expect(line).toMatch(/refunded|已退款/i);
  expect(line).not.toMatch(/,paid,|,已支付,/);

  // Support's view of the borrower, in English.
  const support = await signIn(browser, await addOperator('support'));
  await support.getByRole('link', { name: 'Borrowers', exact: true }).click();
  await support
    .getByRole('searchbox')
    .or(support.getByLabel(/phone|search/i).first())
    .first()
    .fill(mobile);
  await support.keyboard.press('Enter');
  const payment = support
    .getByRole('row')
    .filter({ hasText: order_no })
    .filter({ hasText: formatMoney(due.total) });
  await expect(payment).toContainText('Refunded');

  // The borrower's app, back from Alipay, in Chinese.
  const context = await browser.newContext();
  const app = await context.newPage();
  await appOf(app, token, 'zh-CN');
  await open(app, `${PATHS.repay}?order_no=${order_no}&payment_no=${due.payment_no}`);
  const banner = app.getByRole('status').filter({ hasText: '已退款' });
  await expect(banner).toContainText(`${formatMoney(due.total)} 已原路退回`);
  await context.close();
});
