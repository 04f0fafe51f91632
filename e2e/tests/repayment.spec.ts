import { expect, test } from '@playwright/test';
import { applyThroughUi, heading, lastScreen, newPhone, newProofImage, open, payThroughGateway, registerThroughUi } from './support';

test('4. repay through the cashier and Alipay, back in the app with the period paid, then the rest → settled → certificate', async ({
  page,
}, testInfo) => {
  await registerThroughUi(page, newPhone());
  await expect(page).toHaveURL(/#\/$/);
  const orderNo = await applyThroughUi(page);

  await payThroughGateway(page, orderNo, 1);
  await open(page, `/pages/loan/detail?order_no=${orderNo}`);
  await expect(page.getByText(/^Paid on /)).toHaveCount(1);

  await payThroughGateway(page, orderNo, 3);
  await open(page, `/pages/loan/detail?order_no=${orderNo}`);
  await expect(page.getByText(/^Paid on /)).toHaveCount(3);
  await expect(page.getByText('settled').first()).toBeVisible();
  await page
    .getByRole('button', { name: 'Settlement certificate' })
    .or(page.getByRole('link', { name: 'Settlement certificate' }))
    .click();
  await expect(heading(page)).toHaveText('settlement certificate');
  await expect(page.getByText('Certificate of loan settlement')).toBeVisible();
  await expect(page.getByText(`SC-${orderNo}`)).toBeVisible();
  await lastScreen(page, testInfo);
});

test('5. a payment proof larger than one chunk is uploaded → the voucher is pending review', async ({ page }, testInfo) => {
  await registerThroughUi(page, newPhone());
  await expect(page).toHaveURL(/#\/$/);
  const orderNo = await applyThroughUi(page);

  await open(page, `/pages/payment/upload?order_no=${orderNo}`);
  await expect(heading(page)).toHaveText('repayment proof upload');
  await expect(page.getByText('Platform receiving account')).toBeVisible();
  await page.getByRole('checkbox', { name: /^Period 1,/ }).check();
  // A real PDF header with 1.5 MB of body: three chunks of 512 KiB.
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1_500_000, 'receipt '), Buffer.from('\n%%EOF\n')]);
  await page.getByLabel(/^Payment proof/).setInputFiles({ name: 'transfer-receipt.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByLabel(/^Remark/).fill('transfer from ICBC');
  const chunks = page.waitForRequest((request) => request.url().includes('/api/common/upload') && request.method() === 'POST');
  await page.getByRole('button', { name: 'submit proof' }).click();
  await chunks;
  await expect(page).toHaveURL(new RegExp(`pages/loan/detail\\?order_no=${orderNo}`), { timeout: 30_000 });
  await expect(page.getByText('pending review').first()).toBeVisible();
  await lastScreen(page, testInfo);
});

test('11. a proof under review reserves its instalment: shown so everywhere, and the cashier does not take it', async ({
  page,
}, testInfo) => {
  await registerThroughUi(page, newPhone());
  await expect(page).toHaveURL(/#\/$/);
  const orderNo = await applyThroughUi(page);

  await open(page, `/pages/payment/upload?order_no=${orderNo}&periods=1`);
  await expect(page.getByRole('status', { name: 'Amount transferred' })).toHaveText(/^¥1,0\d\d\.\d\d$/);
  await page.getByLabel(/^Payment proof/).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: newProofImage() });
  await page.getByRole('button', { name: 'submit proof' }).click();
  await expect(page).toHaveURL(new RegExp(`pages/loan/detail\\?order_no=${orderNo}`));
  await expect(page.getByText('proof under review')).toHaveCount(1);

  await open(page, `/pages/payment/repay?order_no=${orderNo}`);
  await expect(page.getByRole('checkbox', { name: /^Period 1,.*proof under review/ })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: /^Period 2,/ })).toBeChecked();

  // Straight to the cashier for period 1, as a stale link or the back button would.
  await open(page, `/pages/payment/cashier?order_no=${orderNo}&periods=1`);
  await expect(page.getByText('Instalment 1 has a payment proof under review.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^pay / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'retry' })).toHaveCount(0);
  await page.getByRole('button', { name: 'back to the loan' }).click();
  await expect(page).toHaveURL(new RegExp(`pages/loan/detail\\?order_no=${orderNo}`));
  await lastScreen(page, testInfo);
});

test('12. pay a loan off on the day it was disbursed: exactly the amount borrowed → settled → certificate', async ({ page }, testInfo) => {
  await registerThroughUi(page, newPhone());
  await expect(page).toHaveURL(/#\/$/);
  const orderNo = await applyThroughUi(page, '6000');

  await open(page, `/pages/loan/detail?order_no=${orderNo}`);
  await page.getByRole('button', { name: 'pay off now (¥6,000.00)' }).click();
  await expect(heading(page)).toHaveText('cashier');
  await expect(page.getByText('Pay off the whole loan')).toBeVisible();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'pay ¥6,000.00' }).click();
  await page.getByRole('button', { name: 'Pay with Alipay' }).click();
  await expect(page).toHaveURL(/pages\/payment\/repay/);
  await expect(page.getByText('payment successful')).toBeVisible();

  await open(page, `/pages/loan/detail?order_no=${orderNo}`);
  await expect(page.getByText('settled').first()).toBeVisible();
  await page.getByRole('button', { name: 'Settlement certificate' }).click();
  await expect(page.getByText(`SC-${orderNo}`)).toBeVisible();
  await lastScreen(page, testInfo);
});
