import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { consoleLoans, createLoan, DEV_ENDPOINTS } from '../../packages/contract/src/api';
import { zonedDay } from '../../packages/contract/src/format';
import { application, borrowerThroughApi } from './borrowers';
import { addOperator, consoleApi, closeConsoleWindows, signIn } from './operators';

test.afterEach(closeConsoleWindows);

const ZONE = 'Asia/Shanghai';
const DAY_MS = 86_400_000;

/** A borrower's loan, through the API, aged until its first instalment is overdue. */
async function overdueLoan(): Promise<string> {
  const { http } = await borrowerThroughApi();
  const { order_no } = await createLoan(http, application({ amount: '1000.00', real_name: 'Zhao Min' }));
  await http.post(DEV_ENDPOINTS.ageLoan, { order_no, days: 40 });
  return order_no;
}

test('28a. staff: an auditor pages one operator’s audit past 50 entries, by days in the business zone, and a new tab opens the same page', async ({
  browser,
}) => {
  // 55 audited requests and two windows: more than one test's usual minute on a busy 2-core machine.
  test.setTimeout(120_000);
  const clerk = await addOperator('reviewer');
  const clerkApi = await consoleApi(clerk);
  // Every console request the clerk makes is audited: 55 looks at the loans, beside the sign-in.
  for (let look = 0; look < 55; look += 1) await consoleLoans(clerkApi, { limit: 1 });

  const auditor = await signIn(browser, await addOperator('auditor'));
  await auditor.getByRole('link', { name: 'Audit log' }).click();
  const filters = auditor.getByRole('form', { name: 'Filters' });
  await filters.getByRole('searchbox', { name: 'Operator' }).fill(clerk.username);
  await filters.getByLabel(`From day (${ZONE})`).fill(zonedDay(Date.now(), ZONE));
  await filters.getByRole('button', { name: 'Show' }).click();
  const pages = auditor.getByRole('navigation', { name: 'Pages' });
  await expect(pages).toHaveText(/Page 1 of 2 · 5[6-9] in all/);
  const total = Number(/· (\d+) in all/.exec((await pages.textContent()) ?? '')![1]);
  const clerkRows = auditor.getByRole('row').filter({ hasText: clerk.username });
  await expect(clerkRows).toHaveCount(50);
  await expect(auditor.getByRole('row')).toHaveCount(51);

  await pages.getByRole('button', { name: 'Next page' }).click();
  await expect(pages).toContainText(`Page 2 of 2 · ${total} in all`);
  await expect(clerkRows).toHaveCount(total - 50);
  expect(auditor.url()).toContain(`operator=${clerk.username}`);

  const sameView = await auditor.context().newPage();
  await sameView.goto(auditor.url());
  await expect(sameView.getByRole('navigation', { name: 'Pages' })).toContainText(`Page 2 of 2 · ${total} in all`);
  await expect(sameView.getByRole('searchbox', { name: 'Operator' })).toHaveValue(clerk.username);

  // Up to yesterday, in the business zone: the clerk did nothing then.
  await filters.getByLabel(`From day (${ZONE})`).fill('');
  await filters.getByLabel(`To day (${ZONE})`).fill(zonedDay(Date.now() - DAY_MS, ZONE));
  await filters.getByRole('button', { name: 'Show' }).click();
  await expect(auditor.getByText('No operator action matches these filters.')).toBeVisible();
  await expect(pages).toContainText('Page 1 of 1 · 0 in all');
});

test('28b. staff: finance finds an overdue loan by the filter and search, and exports the overdue report with its days', async ({
  browser,
}) => {
  const orderNo = await overdueLoan();
  const finance = await signIn(browser, await addOperator('finance'));
  await finance.getByRole('link', { name: 'Loans', exact: true }).click();
  await finance.getByRole('button', { name: 'overdue', exact: true }).click();
  await finance.getByRole('searchbox', { name: 'Order number, phone or name' }).fill(orderNo);
  await finance.getByRole('button', { name: 'Show' }).click();
  await expect(finance.getByRole('navigation', { name: 'Pages' })).toContainText('Page 1 of 1 · 1 in all');
  await expect(finance.getByRole('row').filter({ hasText: orderNo })).toHaveCount(1);
  expect(finance.url()).toContain('status=overdue');
  // A column's header sorts the list by it, largest first, and keeps the filters.
  await finance.getByRole('button', { name: 'Amount', exact: true }).click();
  await expect(finance.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'descending');
  expect(finance.url()).toMatch(/sort=amount.*order=desc|order=desc.*sort=amount/);
  await expect(finance.getByRole('row').filter({ hasText: orderNo })).toHaveCount(1);

  await finance.getByRole('link', { name: 'Overdue report' }).click();
  await finance.waitForURL(/#\/overdue/);
  const row = finance.getByRole('row').filter({ hasText: orderNo });
  // The report's days column, once the report (not the list left behind) draws the row.
  await expect(row.getByRole('cell').nth(3)).toHaveText(/^\d+$/);
  const days = (await row.getByRole('cell').nth(3).textContent())!.trim();
  expect(Number(days)).toBeGreaterThan(0);

  const [download] = await Promise.all([finance.waitForEvent('download'), finance.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`overdue-${zonedDay(Date.now(), ZONE)}.csv`);
  const file = await readFile((await download.path())!);
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = file.toString('utf8').slice(1).split(/\r?\n/);
  expect(lines[0]).toBe('order_no,real_name,mobile,overdue_periods,overdue_days,overdue_amount,penalty');
  const loan = lines.find((line) => line.startsWith(`${orderNo},`))!.split(',');
  expect(loan[4]).toBe(days);
});
