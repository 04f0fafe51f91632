import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { noViolations } from './operators';
import {
  applyThroughUi,
  heading,
  lastScreen,
  newPhone,
  newProofImage,
  open,
  payThroughGateway,
  registerThroughUi,
  smsCode,
} from './support';

const MY_DATA = '/pages/profile/data';

/** From "mine", as a borrower finds it. */
async function openMyData(page: Page) {
  await open(page, '/pages/profile/profile');
  await page.getByRole('navigation', { name: 'services' }).getByRole('button', { name: 'my data' }).click();
  await expect(heading(page)).toHaveText('my data');
}

test('37a. a borrower downloads their data: one zip with their loan, its payment and the receipt they uploaded', async ({
  page,
}, testInfo) => {
  await registerThroughUi(page, newPhone());
  await expect(page).toHaveURL(/#\/$/);
  const orderNo = await applyThroughUi(page);
  await payThroughGateway(page, orderNo, 1);
  const receipt = newProofImage();
  await open(page, `/pages/payment/upload?order_no=${orderNo}&periods=2`);
  await page.getByLabel(/^Payment proof/).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: receipt });
  await page.getByRole('button', { name: 'submit proof' }).click();
  await expect(page.getByText('proof under review').first()).toBeVisible();

  await openMyData(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  const data = JSON.parse(new TextDecoder().decode(files['data.json']));

  const [loan] = data.loans;
  expect(data.loans).toHaveLength(1);
  expect(loan.order_no).toBe(orderNo);
  expect(loan.payments).toEqual([expect.objectContaining({ status: 'paid', periods: '1' })]);
  expect(loan.proofs).toEqual([expect.objectContaining({ status: 'pending', periods: '2' })]);
  // The receipt as a file of its own, byte for byte what the borrower sent.
  expect(Buffer.from(files[loan.proofs[0].file])).toEqual(receipt);
  await lastScreen(page, testInfo);
});

test('37b. a borrower with no open loan closes the account with an SMS code, and can no longer log in', async ({ page }, testInfo) => {
  const phone = newPhone();
  await registerThroughUi(page, phone, 'pass1234');
  await expect(page).toHaveURL(/#\/$/);
  await openMyData(page);

  const form = page.getByRole('form', { name: 'close my account' });
  await form.getByRole('button', { name: /send code/i }).click();
  await form.getByLabel('verification code').fill(await smsCode(phone, 'closeaccount'));
  await form.getByRole('button', { name: 'close my account' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'close my account' }).click();
  // Without a session the shell takes the borrower off the page, to log in: closed, they cannot.
  await expect(page.getByText('Your account has been closed.')).toBeVisible();
  await expect(page).toHaveURL(/pages\/login\/login/);
  await page.getByRole('tab', { name: 'password login' }).click();
  await page.getByLabel('account').fill(phone);
  await page.getByLabel('password', { exact: true }).fill('pass1234');
  await page.getByRole('button', { name: 'log in', exact: true }).click();
  await expect(page.getByText('The account or password is incorrect.')).toBeVisible();
  await expect(page).toHaveURL(/login/);
  await lastScreen(page, testInfo);
});

test('37c. a borrower with a loan in progress is told why the account cannot close yet; the page passes axe in both languages', async ({
  page,
}, testInfo) => {
  await registerThroughUi(page, newPhone());
  await expect(page).toHaveURL(/#\/$/);
  const orderNo = await applyThroughUi(page);
  await openMyData(page);

  await expect(page.getByText(`Your account cannot be closed yet: loan ${orderNo} is still in review or being repaid.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'close my account' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'download my data' })).toBeVisible();
  await noViolations(page);

  await page.evaluate(() => window.localStorage.setItem('locale', 'zh-CN'));
  await page.reload();
  await expect(heading(page)).toHaveText('我的数据');
  await expect(page.getByText(`暂时无法注销账户：借款 ${orderNo} 仍在审核或还款中。`, { exact: false })).toBeVisible();
  await noViolations(page);
  await lastScreen(page, testInfo);
});

test('37d. the closing form passes axe in both languages', async ({ page }) => {
  await registerThroughUi(page, newPhone());
  await expect(page).toHaveURL(/#\/$/);
  await open(page, MY_DATA);
  await expect(page.getByRole('form', { name: 'close my account' })).toBeVisible();
  await noViolations(page);
  await page.evaluate(() => window.localStorage.setItem('locale', 'zh-CN'));
  await page.reload();
  await expect(page.getByRole('form', { name: '注销账户' })).toBeVisible();
  await noViolations(page);
});
