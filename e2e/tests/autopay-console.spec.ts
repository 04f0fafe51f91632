import { expect, test } from '@playwright/test';
import { autopay, createLoan, DEV_ENDPOINTS, installments, signAutopay, type HttpClient } from '../../packages/contract/src/api';
import { formatMoney } from '../../packages/contract/src/format';
import { application, borrowerThroughApi } from './borrowers';
import { addOperator, closeConsoleWindows, noViolations, signIn } from './operators';
import { shellUrl } from './support';

test.afterEach(closeConsoleWindows);

const DAY_MS = 24 * 3600 * 1000;
/** The API's business time zone (BUSINESS_TIMEZONE's default): the console's day and the due dates are its calendar's. */
const BUSINESS_ZONE = 'Asia/Shanghai';

const WORDS = {
  en: {
    screen: 'Autopay',
    day: 'Day (Asia/Shanghai)',
    figures: (date: string) => `Autopay run, ${date} (Asia/Shanghai)`,
    charges: (date: string) => `Charges made on ${date} (Asia/Shanghai)`,
    charged: 'Charged',
    pause: 'Pause autopay',
    resume: 'Resume autopay',
    paused: 'Autopay paused',
  },
  'zh-CN': {
    screen: '自动扣款',
    day: '日期 (Asia/Shanghai)',
    figures: (date: string) => `自动扣款，${date} (Asia/Shanghai)`,
    charges: (date: string) => `${date} 的扣款 (Asia/Shanghai)`,
    charged: '扣款成功',
    pause: '暂停自动还款',
    resume: '恢复自动还款',
    paused: '自动还款已暂停',
  },
} as const;

/** The borrower confirms the terms through the API and signs on the loopback Alipay's page, as its form posts it. */
async function signedAtAlipay(http: HttpClient) {
  const { sign_url } = await signAutopay(http, `${shellUrl()}/`);
  expect((await fetch(sign_url)).status).toBe(200);
  const { external_agreement_no } = JSON.parse(new URL(sign_url).searchParams.get('biz_content')!) as { external_agreement_no: string };
  const signed = await fetch(`${new URL(sign_url).origin}/agreement/sign`, {
    method: 'POST',
    body: new URLSearchParams({ external_agreement_no }),
    redirect: 'manual',
  });
  expect([200, 303]).toContain(signed.status);
  await expect.poll(async () => (await autopay(http)).state).toBe('active');
}

test('52c. staff: finance reads the day’s autopay run in Chinese and English and pauses a charged borrower; support reads the agreement’s history and is offered no pause', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { http, mobile } = await borrowerThroughApi();
  const { order_no } = await createLoan(http, application());
  await signedAtAlipay(http);

  // The due day of instalment 1 comes, and the due-date charge runs (the job's own run may have charged it first: once either way).
  const [first] = (await installments(http, { order_no })).list;
  const today = new Date().toLocaleDateString('en-CA', { timeZone: BUSINESS_ZONE });
  await http.post(DEV_ENDPOINTS.ageLoan, { order_no, days: Math.round((Date.parse(first.due_date) - Date.parse(today)) / DAY_MS) });
  await http.post(DEV_ENDPOINTS.runJob, { job: 'autopay' });
  await expect.poll(async () => (await installments(http, { order_no })).list[0].status).toBe('paid');

  const financeOperator = await addOperator('finance');
  const finance = await signIn(browser, financeOperator);
  await finance.getByRole('link', { name: WORDS.en.screen, exact: true }).click();
  for (const locale of ['zh-CN', 'en'] as const) {
    const words = WORDS[locale];
    if (locale === 'zh-CN') await finance.getByRole('button', { name: 'Switch to Chinese' }).click();
    else await finance.getByRole('button', { name: '切换到英文' }).click();
    await expect(finance.getByLabel(words.day)).toHaveValue(today);
    const figures = finance.getByRole('region', { name: words.figures(today) });
    await expect(figures).toContainText(words.charged);
    const row = finance
      .getByRole('table', { name: words.charges(today) })
      .getByRole('row')
      .filter({ hasText: order_no });
    await expect(row).toContainText(formatMoney(first.total));
    await expect(row).toContainText(words.charged);
    await expect(row).toContainText(mobile);
    await expect(row.getByRole('button', { name: words.pause })).toBeVisible();
    await noViolations(finance);
  }

  // Finance pauses the borrower's autopay, confirming first; the row then offers to resume it.
  const row = finance.getByRole('row').filter({ hasText: order_no });
  finance.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: WORDS.en.pause }).click();
  await expect(row).toContainText(WORDS.en.paused);
  await expect(row.getByRole('button', { name: WORDS.en.resume })).toBeVisible();

  // Support finds the borrower: the agreement reads paused, its history names finance, and nothing is offered to change it.
  const support = await signIn(browser, await addOperator('support'));
  await support.getByRole('link', { name: 'Borrowers', exact: true }).click();
  await support.getByRole('searchbox', { name: /Name, phone/ }).fill(order_no);
  await support.getByRole('searchbox', { name: /Name, phone/ }).press('Enter');
  await expect(support.getByRole('region', { name: mobile })).toBeVisible({ timeout: 10_000 });
  await expect(support.getByText('Autopay: signed, paused by finance — nothing is charged until it is resumed')).toBeVisible();
  const history = support.getByRole('table', { name: 'Autopay history' });
  await expect(history.getByRole('row').filter({ hasText: 'Signed at Alipay' })).toHaveCount(1);
  await expect(history.getByRole('row').filter({ hasText: 'Paused' })).toContainText(financeOperator.username);
  await expect(support.getByRole('button', { name: WORDS.en.pause })).toHaveCount(0);
  await expect(support.getByRole('button', { name: WORDS.en.resume })).toHaveCount(0);
  await noViolations(support);
});
