import { expect, test, type Page } from '@playwright/test';
import { ADMIN_ENDPOINTS, adminPath, createLoan } from '../../packages/contract/src/api';
import { createHttpClient } from '../../packages/host-sdk/src/http';
import { application, borrowerThroughApi } from './borrowers';
import { addOperator, closeConsoleWindows, consoleApi, noViolations, signIn } from './operators';
import { freePort } from './support';

// The stack scripts are plain CommonJS shared with `npm start` and the benchmark.
const { startApi } = require('../../scripts/stack');

test.afterEach(closeConsoleWindows);

const CARD = '6222020200112233445';

/**
 * A loan a reviewer approved, waiting for finance to send the money: applied for through a second
 * API process on the same database that leaves applications to a reviewer (rule-based lending,
 * the stack's own, would approve and disburse at once).
 */
async function approvedLoan(): Promise<string> {
  const manual = await startApi({
    port: await freePort(),
    quiet: true,
    env: { DATABASE_FILE: process.env.E2E_DATABASE_FILE, NODE_ENV: 'development', LOG_LEVEL: 'warn', APPROVAL_MODE: 'manual' },
  });
  try {
    const { token } = await borrowerThroughApi();
    const http = createHttpClient({ baseURL: manual.url, getToken: () => token, onUnauthorized: () => undefined });
    const { order_no } = await createLoan(http, application({ bank_card: CARD }));
    const reviewer = await consoleApi(await addOperator('reviewer'));
    await reviewer.post(adminPath(ADMIN_ENDPOINTS.approveLoan, { order_no }));
    return order_no;
  } finally {
    await manual.stop();
  }
}

/** The loan's page, opened from the loans list as finance finds it: by its order number. */
async function openLoan(page: Page, orderNo: string) {
  await page.getByRole('link', { name: 'Loans', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Order number, phone or name' }).fill(orderNo);
  await page.getByRole('button', { name: 'Show' }).click();
  await page.getByRole('button', { name: `Open ${orderNo}` }).click();
  await expect(page.getByRole('heading', { name: `Loan ${orderNo}` })).toBeVisible();
}

test('50p. staff: finance reads the full payee account on the loan page and in the disbursement approval; the auditor reads who read it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const orderNo = await approvedLoan();
  const [maker, checker] = await Promise.all([addOperator('finance'), addOperator('finance')]);

  const first = await signIn(browser, maker);
  await openLoan(first, orderNo);
  const disbursement = first.getByRole('region', { name: 'Disbursement' });
  await expect(first.getByRole('region', { name: 'Bank card' })).toContainText('**** **** **** 3445');
  await expect(disbursement).not.toContainText(CARD);
  await disbursement.getByRole('button', { name: `Full payee account of ${orderNo}` }).click();
  await expect(disbursement).toContainText(CARD);
  await noViolations(first);
  await disbursement.getByLabel('Bank reference').fill('ICBC-PAYEE-50');
  await disbursement.getByRole('button', { name: `Ask to disburse ${orderNo}` }).click();
  await expect(disbursement).toContainText(/waiting #\d+/);

  // The loan page in Chinese: every word translated, axe clean.
  await first.getByRole('button', { name: 'Switch to Chinese' }).click();
  await expect(first.getByRole('region', { name: '放款' })).toBeVisible();
  await noViolations(first);

  const second = await signIn(browser, checker);
  await second.getByRole('link', { name: 'Approvals', exact: true }).click();
  const asked = second.getByRole('row').filter({ hasText: orderNo });
  await expect(asked).not.toContainText(CARD);
  await asked.getByRole('button', { name: `Full payee account of ${orderNo}` }).click();
  await expect(asked).toContainText(CARD);
  await noViolations(second);

  const auditor = await signIn(browser, await addOperator('auditor'));
  await auditor.getByRole('link', { name: 'Audit log' }).click();
  await auditor.getByLabel('Action').selectOption({ label: 'Payee account read (full card number)' });
  await auditor.getByRole('searchbox', { name: 'Order number, phone or target' }).fill(orderNo);
  await auditor.getByRole('button', { name: 'Show' }).click();
  for (const reader of [maker, checker]) {
    await expect(auditor.getByRole('row').filter({ hasText: reader.username })).toContainText(orderNo);
  }
  await expect(auditor.getByRole('row').filter({ hasText: CARD })).toHaveCount(0);
});

test('50q. staff: finance asks to disburse from the loan page; the loan and the list say waiting #N; a second operator declines with a reason, which the maker reads on the loan', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const orderNo = await approvedLoan();
  const [maker, checker] = await Promise.all([addOperator('finance'), addOperator('finance')]);

  const first = await signIn(browser, maker);
  await openLoan(first, orderNo);
  const disbursement = first.getByRole('region', { name: 'Disbursement' });
  await disbursement.getByLabel('Bank reference').fill('ICBC-DECLINE-50');
  await disbursement.getByRole('button', { name: `Ask to disburse ${orderNo}` }).click();
  await expect(disbursement).toContainText(new RegExp(`Asked for by ${maker.username}: waiting #\\d+`));
  const id = Number(/waiting #(\d+)/.exec((await disbursement.textContent()) ?? '')![1]);
  await expect(disbursement.getByRole('button', { name: `Ask to disburse ${orderNo}` })).toHaveCount(0);
  await first.getByRole('button', { name: 'Back to the list' }).click();
  const row = first.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toContainText(`Waiting #${id}`);
  await expect(row.getByRole('button', { name: `Ask to disburse ${orderNo}` })).toHaveCount(0);

  const second = await signIn(browser, checker);
  await second.getByRole('link', { name: 'Approvals', exact: true }).click();
  const asked = second.getByRole('row').filter({ hasText: orderNo });
  await asked.getByLabel('Reason').fill('The payee name differs from the contract');
  second.once('dialog', (dialog) => void dialog.accept());
  await asked.getByRole('button', { name: `Decline #${id}` }).click();
  await expect(asked).toHaveCount(0);

  await openLoan(first, orderNo);
  const declined = first.getByRole('region', { name: 'Disbursement' });
  await expect(declined).toContainText(`Declined by ${checker.username}`);
  await expect(declined).toContainText('The payee name differs from the contract');
  await expect(first.getByRole('table', { name: 'History' })).toContainText(
    'Change declined (Done): The payee name differs from the contract',
  );
  // Declined, the loan may be asked for again.
  await expect(declined.getByRole('button', { name: `Ask to disburse ${orderNo}` })).toBeVisible();
  await noViolations(first);
  await first.getByRole('button', { name: 'Switch to Chinese' }).click();
  await expect(first.getByRole('region', { name: '放款' })).toContainText(`${checker.username} 已驳回`);
  await noViolations(first);
});
