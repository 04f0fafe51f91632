import { expect, test } from '@playwright/test';
import { applyThroughUi, heading, lastScreen, newPhone, open, registerThroughUi } from './support';

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
