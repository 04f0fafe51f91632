import { expect, test, type Browser } from '@playwright/test';
import { createLoan, DEV_ENDPOINTS, installments, type OutboxNotice } from '../../packages/contract/src/api';
import { PATHS } from '../../packages/contract/src/paths';
import { STORAGE_KEYS } from '../../packages/host-sdk/src/session/store';
import { application, borrowerThroughApi } from './borrowers';
import { noViolations } from './operators';
import { apiUrl, heading, open } from './support';

const DAY_MS = 24 * 3600 * 1000;
/** The API's business time zone (BUSINESS_TIMEZONE's default), whose calendar day the due dates are. */
const BUSINESS_ZONE = 'Asia/Shanghai';

/** The borrower's app in a window of its own, signed in with the session the API gave them, in one language. */
async function appOf(browser: Browser, token: string, locale: 'zh-CN' | 'en') {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await page.addInitScript(
    ({ keys, token, locale }) => {
      window.localStorage.setItem(keys.token, token);
      window.localStorage.setItem(keys.tokenExpireTime, String(Math.floor(Date.now() / 1000) + 3600));
      window.localStorage.setItem('locale', locale);
    },
    { keys: STORAGE_KEYS, token, locale },
  );
  return page;
}

/** The autopay notices the development outbox holds for a phone. */
async function noticesOf(mobile: string): Promise<OutboxNotice[]> {
  const body = (await (await fetch(`${apiUrl()}${DEV_ENDPOINTS.smsOutbox}?mobile=${mobile}`)).json()) as { data: Array<{ event: string }> };
  return body.data.filter((entry): entry is OutboxNotice => entry.event.startsWith('autopay_'));
}

test('52. a borrower signs automatic repayment with Alipay in the app, is charged on the due date, and ends it in "mine"', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { http, mobile, token } = await borrowerThroughApi();
  const { order_no } = await createLoan(http, application());

  // In Chinese: from the loan to the autopay page, which says what signing agrees to.
  const zh = await appOf(browser, token, 'zh-CN');
  await open(zh, `${PATHS.loanDetail}?order_no=${order_no}`);
  await zh.getByRole('button', { name: '自动还款', exact: true }).click();
  await expect(heading(zh)).toHaveText('支付宝自动还款');
  await expect(zh.getByRole('heading', { name: '自动还款未开通。' })).toBeVisible();
  await expect(zh.getByRole('region', { name: '扣款内容' })).toContainText(`借款 ${order_no}`);
  await expect(zh.getByRole('region', { name: /^自动还款服务条款，版本 / })).toContainText('单笔最多');
  await noViolations(zh);

  // Confirmed, signed on Alipay's page, and back on the autopay page: active.
  await zh.getByRole('button', { name: '同意并前往支付宝签约' }).click();
  await zh.getByRole('button', { name: 'Agree and sign' }).click();
  await expect(zh).toHaveURL(/pages\/payment\/autopay/);
  await expect(zh.getByRole('heading', { name: '自动还款已开通。' })).toBeVisible();
  await expect(zh.getByRole('region', { name: '最近扣款' })).toContainText('暂无扣款。');
  await noViolations(zh);

  // The due day of instalment 1 comes, and the due-date charge runs.
  const [first] = (await installments(http, { order_no })).list;
  const today = new Date().toLocaleDateString('en-CA', { timeZone: BUSINESS_ZONE });
  await http.post(DEV_ENDPOINTS.ageLoan, { order_no, days: Math.round((Date.parse(first.due_date) - Date.parse(today)) / DAY_MS) });
  // The job's own run at a charge hour may have charged it first: either way it is charged once.
  await http.post(DEV_ENDPOINTS.runJob, { job: 'autopay' });

  await open(zh, `${PATHS.loanDetail}?order_no=${order_no}`);
  await expect(zh.getByRole('button', { name: '自动还款已开通' })).toBeVisible();
  const instalment1 = zh.getByRole('listitem').filter({ hasText: /^第 1\/\d+ 期/ });
  await expect(instalment1).toContainText('自动扣款');
  await expect
    .poll(async () => (await noticesOf(mobile)).map((notice) => [notice.event, notice.order_no, notice.period]))
    .toContainEqual(['autopay_charged', order_no, 1]);

  // In English, from "mine": the row reads on, the page shows the charge, and the borrower ends it.
  const en = await appOf(browser, token, 'en');
  await open(en, PATHS.profile);
  const row = en.getByRole('button', { name: 'Automatic repayment' });
  await expect(row).toHaveAccessibleDescription('on');
  await row.click();
  await expect(heading(en)).toHaveText('repay automatically with Alipay');
  await expect(en.getByRole('heading', { name: 'Automatic repayment is on.' })).toBeVisible();
  await expect(en.getByRole('region', { name: 'Latest charges' }).getByRole('listitem').first()).toContainText(`loan ${order_no}`);
  await expect(en.getByRole('region', { name: 'Latest charges' }).getByRole('listitem').first()).toContainText('paid');
  await noViolations(en);
  await en.getByRole('button', { name: 'End automatic repayment' }).click();
  await en.getByRole('alertdialog').getByRole('button', { name: 'End automatic repayment' }).click();
  await expect(en.getByRole('heading', { name: 'Automatic repayment has ended.' })).toBeVisible();
  await noViolations(en);
  await open(en, PATHS.profile);
  await expect(en.getByRole('button', { name: 'Automatic repayment' })).toHaveAccessibleDescription('ended');
});
