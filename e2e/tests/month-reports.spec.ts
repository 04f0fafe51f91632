import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  createLoan,
  dailyReport,
  DEV_ENDPOINTS,
  installments,
  uploadFile,
  uploadProof,
  type DailyReport,
  type HttpClient,
} from '../../packages/contract/src/api';
import { formatMoney, zonedDay } from '../../packages/contract/src/format';
import { addDays, fromFen, toFen } from '../../packages/contract/src/loan';
import { application, borrowerThroughApi } from './borrowers';
import { addOperator, closeConsoleWindows, consoleApi, noViolations, signIn } from './operators';
import { heading, newProofImage } from './support';

test.afterEach(closeConsoleWindows);

const ZONE = 'Asia/Shanghai';
const AMOUNT = '3000.00';

const plus = (a: string, b: string) => fromFen(toFen(a)! + toFen(b)!);
const transferOf = (day: DailyReport) => day.repaid_by.find((tally) => tally.channel === 'transfer') ?? { count: 0, amount: '0.00' };

/** A loan disbursed and its first instalment repaid by a confirmed transfer proof, both moved a day back: yesterday's activity. */
async function repaidYesterday(http: HttpClient): Promise<string> {
  const { order_no } = await createLoan(http, application({ amount: AMOUNT }));
  const due = (await installments(http, { order_no })).list[0];
  const file = await uploadFile(http, new Blob([new Uint8Array(newProofImage())], { type: 'image/png' }), 'receipt.png');
  const proof = await uploadProof(http, { order_no, periods: [1], amount: due.total, file_url: file.url });
  await http.post(DEV_ENDPOINTS.reviewProof, { voucher_id: proof.id, decision: 'approve' });
  await http.post(DEV_ENDPOINTS.ageLoan, { order_no, days: 1 });
  return due.total;
}

/** Switches a signed-in console to Chinese, and waits until it speaks it. */
async function inChinese(page: Page) {
  await page.getByRole('button', { name: 'Switch to Chinese' }).click();
  await expect(page.getByRole('button', { name: '切换到英文' })).toBeVisible();
}

test('50r. finance closes yesterday: the report opens on it with the day’s money, exports it, and reads a week a row a day with totals, in both languages', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const finance = await addOperator('finance');
  const api = await consoleApi(finance);
  const yesterday = addDays(zonedDay(Date.now(), ZONE), -1);
  const before = (await dailyReport(api, { date: yesterday })).days[0];
  const { http } = await borrowerThroughApi();
  const instalment = await repaidYesterday(http);
  const day = (await dailyReport(api, { date: yesterday })).days[0];
  // The day's activity is in yesterday's figures.
  expect(day.disbursed).toEqual({ count: before.disbursed.count + 1, amount: plus(before.disbursed.amount, AMOUNT) });
  expect(transferOf(day)).toEqual({
    channel: 'transfer',
    count: transferOf(before).count + 1,
    amount: plus(transferOf(before).amount, instalment),
  });

  const page = await signIn(browser, finance);
  await page.getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(heading(page)).toHaveText('Reports');
  await expect(page.getByLabel(`Day (${ZONE})`)).toHaveValue(yesterday);
  const row = page
    .getByRole('table', { name: `Daily report, ${yesterday} (${ZONE})` })
    .getByRole('row')
    .filter({ hasText: yesterday });
  await expect(row).toContainText(`${formatMoney(day.disbursed.amount)}Records: ${day.disbursed.count}`);
  await expect(row).toContainText(`Bank transfer: ${formatMoney(transferOf(day).amount)} · Records: ${transferOf(day).count}`);
  await expect(row).toContainText(formatMoney(day.overdue.amount));
  await noViolations(page);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`daily-${yesterday}.csv`);
  const [header, ...lines] = (await readFile((await download.path())!)).toString('utf8').slice(1).split('\r\n');
  const columns = header.split(',');
  const cells = lines.find((line) => line.startsWith(`${yesterday},`))!.split(',');
  const cell = (column: string) => cells[columns.indexOf(column)];
  expect(columns[0]).toBe(`date (${ZONE})`);
  expect([cell('disbursed_count'), cell('disbursed_amount')]).toEqual([String(day.disbursed.count), day.disbursed.amount]);
  expect([cell('repaid_transfer_count'), cell('repaid_transfer_amount')]).toEqual([String(transferOf(day).count), transferOf(day).amount]);

  // A week up to yesterday: a row a day, then the totals, which count yesterday's money too.
  const from = addDays(yesterday, -6);
  await page.getByRole('radio', { name: 'A range of days' }).check();
  const week = await dailyReport(api, { from, to: yesterday });
  const table = page.getByRole('table', { name: `Daily report, ${from} to ${yesterday} (${ZONE})` });
  await expect(table.getByRole('row')).toHaveCount(1 + 7 + 1);
  const total = table.getByRole('row').last();
  await expect(total).toContainText(`Total${formatMoney(week.total.disbursed.amount)}Records: ${week.total.disbursed.count}`);
  expect(toFen(week.total.disbursed.amount)!).toBeGreaterThanOrEqual(toFen(day.disbursed.amount)!);
  await noViolations(page);

  await inChinese(page);
  await expect(heading(page)).toHaveText('报表');
  await page.getByRole('radio', { name: '日期范围' }).check();
  const zh = page.getByRole('table', { name: `日报，${from} 至 ${yesterday} (${ZONE})` });
  await expect(zh.getByRole('row').last()).toContainText(
    `合计${formatMoney(week.total.disbursed.amount)}笔数：${week.total.disbursed.count}`,
  );
  await expect(zh.getByRole('row').filter({ hasText: yesterday })).toContainText(
    `银行转账：${formatMoney(transferOf(day).amount)} · 笔数：${transferOf(day).count}`,
  );
  await noViolations(page);
  await page.getByRole('radio', { name: '单日' }).check();
  await expect(page.getByRole('table', { name: `日报，${yesterday} (${ZONE})` })).toBeVisible();
  await noViolations(page);
});
