import { expect, type Page, test } from '@playwright/test';
import { heading, lastScreen, newPhone, open, registerThroughUi } from './support';

/** Applies through the apply page for a 3-month loan; answers the new loan's number. */
export async function applyThroughUi(page: Page, amount = '3000'): Promise<string> {
  await open(page, '/pages/loan/apply');
  await expect(heading(page)).toHaveText('apply for a loan');
  await page.getByLabel('Loan amount (¥)').fill(amount);
  await page.getByRole('radio', { name: /^3 months/ }).check();
  await page.getByLabel('Purpose').selectOption('travel');
  await page.getByLabel('Real name').fill('Li Lei');
  await page.getByLabel('National ID card number').fill('110101199003071234');
  await page.getByLabel('Bank card number').fill('6222020200112233');
  await page.getByLabel('Bank', { exact: true }).fill('China Merchants Bank');
  await page.getByRole('checkbox').check();
  await expect(page.getByText('Monthly payment')).toBeVisible();
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page).toHaveURL(/pages\/loan\/detail\?order_no=/);
  return new URL(page.url().replace('#', '')).searchParams.get('order_no')!;
}

test('3. apply for a loan → it appears in my loans → detail shows the schedule → contract opens', async ({ page }, testInfo) => {
  await registerThroughUi(page, newPhone());
  await expect(page).toHaveURL(/#\/$/);
  const orderNo = await applyThroughUi(page);
  await expect(heading(page)).toHaveText('loan details');
  await expect(page.getByText('Period 1 of 3')).toBeVisible();
  await expect(page.getByText('Period 3 of 3')).toBeVisible();

  await open(page, '/pages/loan/loan');
  await expect(page.getByText(`Loan no. ${orderNo}`)).toBeVisible();
  await page.getByText(`Loan no. ${orderNo}`).click();
  await expect(page).toHaveURL(new RegExp(`order_no=${orderNo}`));
  await page.getByRole('button', { name: 'View contract' }).or(page.getByRole('link', { name: 'View contract' })).click();
  await expect(heading(page)).toHaveText('contract details');
  await expect(page.getByText('Contract no.')).toBeVisible();
  await expect(page.getByText('Li Lei').first()).toBeVisible();
  await lastScreen(page, testInfo);
});
