import { expect, test, type Page } from '@playwright/test';
import { createLoan, DEV_ENDPOINTS, orderDetail } from '../../packages/contract/src/api';
import { formatMoney, zonedDay } from '../../packages/contract/src/format';
import { addMonths } from '../../packages/contract/src/loan';
import { apiOf, application, borrowerThroughApi } from './borrowers';
import { addOperator, noViolations, closeConsoleWindows, signIn } from './operators';
import { paidTwice } from './payments';
import { newPhone, open, registerThroughUi } from './support';

test.afterEach(closeConsoleWindows);

const ZONE = 'Asia/Shanghai';
const DAY_MS = 86_400_000;

/** Switches a signed-in console to Chinese, and waits until it speaks it. */
async function inChinese(page: Page) {
  await page.getByRole('button', { name: 'Switch to Chinese' }).click();
  await expect(page.getByRole('button', { name: '切换到英文' })).toBeVisible();
}

test('29. staff, in Chinese: money paid at Alipay for an instalment a proof already settled waits in reconciliation, and is refunded through Alipay with four eyes', async ({
  browser,
}) => {
  // Two operators' windows, each signed in, and Alipay's refund: more than one test's usual minute on a busy 2-core machine.
  test.setTimeout(120_000);
  const { http, mobile } = await borrowerThroughApi();
  const { order_no, due, refunds } = await paidTwice(http);

  const maker = await signIn(browser, await addOperator('finance'));
  await inChinese(maker);
  await maker.getByRole('link', { name: '差额对账', exact: true }).click();
  await expect(maker.getByRole('heading', { level: 1 })).toHaveText('差额对账');
  const row = maker.getByRole('row').filter({ hasText: order_no }).first();
  // The borrower, the order, the money received and not credited, why; the payment and Alipay's trade in its details.
  await expect(row).toContainText(mobile);
  await expect(row).toContainText(formatMoney(due.total));
  await expect(row).toContainText('对应期次已通过其他方式结清');
  await row.getByRole('button', { name: /^#\d+ 详情$/ }).click();
  await expect(maker.getByText(due.payment_no)).toBeVisible();
  await expect(maker.getByText(/2026[0-9a-f]{24}/)).toBeVisible();
  await noViolations(maker);
  maker.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: /^退款 #\d+$/ }).click();
  await expect(row).toContainText(/等待另一位操作员复核（复核 #\d+）。/);
  expect(await refunds()).toEqual([]);

  // The maker may not carry out their own refund; a second finance operator reads what it is and does.
  await maker.getByRole('link', { name: '复核', exact: true }).click();
  const own = maker.getByRole('row').filter({ hasText: due.payment_no });
  await expect(own.getByRole('button', { name: /^批准 #/ })).toHaveCount(0);

  const checker = await signIn(browser, await addOperator('finance'));
  await inChinese(checker);
  await checker.getByRole('link', { name: '复核', exact: true }).click();
  const asked = checker.getByRole('row').filter({ hasText: due.payment_no });
  await expect(asked).toContainText(`订单 ${order_no}：退还支付 ${due.payment_no} 的 ${formatMoney(due.total)}`);
  await noViolations(checker);
  checker.once('dialog', (dialog) => void dialog.accept());
  await asked.getByRole('button', { name: /^批准 #\d+$/ }).click();
  await expect(asked).toHaveCount(0);

  // Alipay made exactly one refund of the whole amount; the difference reads refunded.
  expect((await refunds()).map((refund) => refund.refundAmount)).toEqual([due.total]);
  await maker.getByRole('link', { name: '差额对账', exact: true }).click();
  await maker.getByRole('combobox', { name: '状态' }).selectOption({ label: '全部' });
  await expect(maker.getByRole('row').filter({ hasText: order_no }).first()).toContainText('已退款');
  expect((await orderDetail(http, { order_no })).paid_periods).toBe(1);
});

test('31. a loan made at 23:30 UTC is on the same day, in China, in the borrower’s app and in the console (in Chinese), with the same due dates', async ({
  browser,
  page,
}) => {
  await registerThroughUi(page, newPhone());
  await expect(page).toHaveURL(/#\/$/);
  const http = await apiOf(page);
  const { order_no } = await createLoan(http, application());
  // Moved back to 23:30 UTC two days before its day: 07:30 the next morning in China.
  const created = Date.parse((await orderDetail(http, { order_no })).created_at);
  const utcMidnight = created - (created % DAY_MS);
  const back = created - (utcMidnight - 2 * DAY_MS + 23.5 * 3_600_000);
  await http.post(DEV_ENDPOINTS.ageLoan, { order_no, days: Math.floor(back / DAY_MS), minutes: Math.floor((back % DAY_MS) / 60_000) });
  const made = Date.parse((await orderDetail(http, { order_no })).created_at);
  expect(new Date(made).toISOString()).toMatch(/T23:30:\d\d/);
  const utcDay = new Date(made).toISOString().slice(0, 10);
  const chinaDay = zonedDay(made, ZONE);
  expect(chinaDay).not.toBe(utcDay);
  const firstDue = addMonths(chinaDay, 1);

  await open(page, `/pages/loan/detail?order_no=${order_no}`);
  const fact = (label: string) =>
    page
      .locator('dl > div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('dd');
  await expect(fact('Applied on')).toHaveText(chinaDay);
  await expect(fact('Disbursed on')).toHaveText(chinaDay);
  await expect(page.getByText(/^Due \d{4}-\d\d-\d\d$/).first()).toHaveText(`Due ${firstDue}`);

  const reviewer = await signIn(browser, await addOperator('reviewer'));
  await inChinese(reviewer);
  await reviewer.getByRole('link', { name: '借款审批', exact: true }).click();
  const filters = reviewer.getByRole('form', { name: '筛选' });
  await filters.getByRole('searchbox', { name: '订单号、手机号或姓名' }).fill(order_no);
  await filters.getByRole('button', { name: '查询' }).click();
  const row = reviewer.getByRole('row').filter({ hasText: order_no });
  await expect(row).toContainText(chinaDay);
  await expect(row).not.toContainText(utcDay);
  await row.getByRole('button', { name: `查看 ${order_no}` }).click();
  await expect(reviewer.getByRole('region', { name: '申请' })).toContainText(`${chinaDay} 07:30`);
  await expect(reviewer.getByRole('region', { name: '还款计划' }).getByRole('row').nth(1)).toContainText(firstDue);
  await noViolations(reviewer);
});
