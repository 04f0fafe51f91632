import { execFileSync } from 'node:child_process';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page, test } from '@playwright/test';
import { authenticator } from 'otplib';
import { createLoan, installments, register, sendSms, uploadFile, uploadVoucher } from '../../shared/src/api';
import { createHttpClient } from '../../shared/src/http';
import { apiUrl, newPhone, ROOT, smsCode } from './support';

const opsUrl = () => process.env.E2E_OPS_URL!;
let operatorCount = 0;

/** An operator made as an operator would: `npm run operator -w server -- add` (its compiled script) on the API's database. */
function addOperator(roles: string): { username: string; password: string; totp_secret: string } {
  operatorCount += 1;
  const output = execFileSync(
    process.execPath,
    ['dist/operator.js', 'add', `e2e.${Date.now() % 100_000}.${operatorCount}`, '--roles', roles],
    {
      cwd: path.join(ROOT, 'server'),
      env: { ...process.env, DATABASE_FILE: process.env.E2E_DATABASE_FILE! },
      encoding: 'utf8',
    },
  );
  return JSON.parse(output.trim().split('\n').pop()!);
}

/** Signs in to the console in a fresh desktop window, with the code the authenticator app shows now. */
async function signIn(browser: Browser, operator: ReturnType<typeof addOperator>): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });
  const page = await context.newPage();
  await page.goto(opsUrl());
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByLabel('Authenticator code').fill(authenticator.generate(operator.totp_secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`${operator.username} ·`)).toBeVisible();
  return page;
}

async function noViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A borrower with a disbursed loan and a transfer proof for its first instalment, through the API. */
async function borrowerWithProof() {
  let token = '';
  const http = createHttpClient({ baseURL: apiUrl(), getToken: () => token, onUnauthorized: () => undefined });
  const mobile = newPhone();
  await sendSms(http, { mobile, event: 'register' });
  token = (await register(http, { mobile, code: await smsCode(mobile, 'register'), password: 'abc12345' })).userinfo.token;
  const { order_no } = await createLoan(http, {
    amount: '3000.00',
    term: 3,
    purpose: 'consumption',
    real_name: 'Wang Fang',
    id_card: `11010119900307${mobile.slice(-4)}`,
    bank_card: '6222020200112233445',
    bank_name: 'Bank of China',
    agree_contract: true,
  });
  const due = (await installments(http, { order_no })).list[0];
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const file = await uploadFile(http, new Blob([new Uint8Array(png)], { type: 'image/png' }), 'receipt.png');
  const proof = await uploadVoucher(http, { order_no, periods: [1], amount: due.total, file_url: file.url });
  return { http, order_no, proof };
}

test('16. staff: finance checks a transfer proof in the console, a second finance operator approves it, the borrower’s instalment is paid', async ({
  browser,
}) => {
  const { http, order_no, proof } = await borrowerWithProof();
  const maker = addOperator('finance');
  const checker = addOperator('finance');

  const first = await signIn(browser, maker);
  await noViolations(first);
  await first.getByRole('link', { name: 'Transfer proofs' }).click();
  await expect(first.getByRole('heading', { level: 1 })).toHaveText('Transfer proofs');
  await expect(first.getByRole('img', { name: `Receipt of proof #${proof.id}` })).toBeVisible();
  await noViolations(first);
  const row = first.getByRole('row').filter({ hasText: order_no });
  await row.getByLabel('Bank reference').fill('ICBC-E2E-1');
  await row.getByRole('button', { name: `Ask to confirm #${proof.id}` }).click();
  await expect(row).toContainText('Waiting for a second operator');
  // The maker cannot approve their own.
  await first.getByRole('link', { name: 'Approvals', exact: true }).click();
  const asked = first.getByRole('row').filter({ hasText: `voucher:${proof.id}` });
  await asked.getByRole('button', { name: /^Approve #/ }).click();
  await expect(first.getByText('A second operator must approve what you asked for.')).toBeVisible();
  expect((await installments(http, { order_no })).list[0].status).toBe('unpaid');

  const second = await signIn(browser, checker);
  await second.getByRole('link', { name: 'Approvals', exact: true }).click();
  await noViolations(second);
  await second
    .getByRole('row')
    .filter({ hasText: `voucher:${proof.id}` })
    .getByRole('button', { name: /^Approve #/ })
    .click();
  await expect(second.getByRole('row').filter({ hasText: `voucher:${proof.id}` })).toHaveCount(0);
  await expect.poll(async () => (await installments(http, { order_no })).list[0].status).toBe('paid');

  // In Chinese too, and nobody without the role sees the screen.
  await second.getByRole('button', { name: 'Switch to Chinese' }).click();
  await expect(second.getByRole('link', { name: '转账凭证' })).toBeVisible();
  await noViolations(second);
  const editor = await signIn(browser, addOperator('editor'));
  await expect(editor.getByRole('link', { name: 'Transfer proofs' })).toHaveCount(0);
  await expect(editor.getByRole('link', { name: 'News' })).toBeVisible();
});
