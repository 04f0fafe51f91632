import { expect, test, type Page } from '@playwright/test';
import { createLoan, DEV_ENDPOINTS } from '../../packages/contract/src/api';
import { apiOf, application } from './borrowers';
import { apiUrl, lastScreen, newIdCard, newPhone, open, registerThroughUi } from './support';

/** 30 × ¥1,000, the smallest loan, stays inside one account's ¥50,000 credit line. */
const MANY = 30;
/** Overdue loans among them: aged only after the last application, since an overdue loan stops new borrowing. */
const AGED = 2;

/** A borrower signed up through the app, with `count` ¥1,000 loans taken through the API and the first `AGED` of them overdue. */
async function borrowerWith(page: Page, count: number) {
  await registerThroughUi(page, newPhone());
  await expect(page).toHaveURL(/#\/$/);
  const http = await apiOf(page);
  const idCard = newIdCard();
  const orders: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const loan = await createLoan(http, application({ amount: '1000.00', real_name: 'Li Lei', id_card: idCard }));
    orders.push(loan.order_no);
  }
  for (const order_no of orders.slice(0, AGED)) await http.post(DEV_ENDPOINTS.ageLoan, { order_no, days: 40 });
}

/** The requests to the API (preflights aside) while `route` loads from cold to the state `ready` waits for. */
async function apiRequests(page: Page, route: string, ready: () => Promise<void>): Promise<string[]> {
  const api = new URL(apiUrl()).origin;
  const seen: string[] = [];
  const listen = (request: { url(): string; method(): string }) => {
    const url = new URL(request.url());
    if (url.origin === api && request.method() !== 'OPTIONS') seen.push(`${request.method()} ${url.pathname}`);
  };
  await page.goto('about:blank');
  page.on('request', listen);
  await open(page, route);
  await ready();
  await page.waitForLoadState('networkidle');
  page.off('request', listen);
  return seen.sort();
}

async function measure(page: Page, loans: number) {
  const repayments = await apiRequests(page, '/pages/repay/repay', async () => {
    await expect(page.getByRole('heading', { name: `Loans with instalments due: ${loans}` })).toBeVisible();
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(loans);
    await expect(page.getByText(/^Overdue \d+ days · Penalty ¥/)).toHaveCount(Math.min(loans, AGED));
  });
  const overdue = await apiRequests(page, '/pages/overdue/impact', async () => {
    await expect(page.getByText(/^An instalment of ¥1,000.00 paid \d+ days late/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Repay now' })).toHaveCount(Math.min(loans, AGED));
    await expect(page.getByText(/^Penalty so far on all your loans: /)).toBeVisible();
  });
  return { repayments, overdue };
}

test(`the repayments tab and the overdue page ask the API as often for ${MANY} loans as for 1`, async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await borrowerWith(page, 1);
  const one = await measure(page, 1);

  await page.evaluate(() => window.localStorage.clear());
  await borrowerWith(page, MANY);
  const many = await measure(page, MANY);

  testInfo.annotations.push({
    type: 'API requests',
    description: `repayments ${one.repayments.length} (1 loan) / ${many.repayments.length} (${MANY} loans); overdue page ${one.overdue.length} / ${many.overdue.length}`,
  });
  expect(many).toEqual(one);
  expect(one.repayments.filter((request) => request.endsWith('/api/loan/due'))).toHaveLength(1);
  expect(one.overdue.filter((request) => request.endsWith('/api/loan/overdue'))).toHaveLength(1);
  await lastScreen(page, testInfo);
});
