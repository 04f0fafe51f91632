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
  await page
    .getByRole('button', { name: 'View contract' })
    .or(page.getByRole('link', { name: 'View contract' }))
    .click();
  await expect(heading(page)).toHaveText('contract details');
  await expect(page.getByText('Contract no.')).toBeVisible();
  await expect(page.getByText('Li Lei').first()).toBeVisible();
  await lastScreen(page, testInfo);
});

test('13. the annual rate is disclosed before applying: beside each term and in the preview, with the available credit', async ({
  page,
}, testInfo) => {
  await registerThroughUi(page, newPhone());
  await expect(page).toHaveURL(/#\/$/);
  await open(page, '/pages/loan/apply');
  await expect(heading(page)).toHaveText('apply for a loan');
  await expect(page.getByText('¥50,000.00 of ¥50,000.00')).toBeVisible();
  const term = page.getByRole('radio', { name: /^6 months .* · APR \d+\.\d\d%$/ });
  await expect(term).toBeVisible();
  await page.getByLabel('Loan amount (¥)').fill('6000');
  await term.check();
  const apr = page.getByText('Annual percentage rate (APR)', { exact: true }).locator('xpath=following-sibling::dd');
  await expect(apr).toHaveText(/^1\d\.\d\d%$/);
  await expect(page.getByText('Total cost of credit')).toBeVisible();
  await lastScreen(page, testInfo);
});
