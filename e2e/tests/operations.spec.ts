import { expect, test } from '@playwright/test';
import { createLoan, installments, uploadFile, uploadProof } from '../../packages/contract/src/api';
import { maskIdCard } from '../../packages/contract/src/format/mask';
import { CONSOLE_PAGES as ACCOUNT_SCREENS } from '../../mf-account/src/console/pages';
import { CONSOLE_PAGES as LOAN_SCREENS } from '../../mf-loan/src/console/pages';
import { CONSOLE_PAGES as NEWS_SCREENS } from '../../mf-news/src/console/pages';
import { CONSOLE_PAGES as PAYMENT_SCREENS } from '../../mf-payment/src/console/pages';
import { HOST_PAGES } from '../../ops/src/pages/pages';
import { apiOf, application, borrowerThroughApi } from './borrowers';
import { addOperator, noViolations, closeConsoleWindows, signIn } from './operators';
import { applyThroughUi, freePort, newPhone, newProofImage, open, payThroughGateway, registerThroughUi } from './support';

test.afterEach(closeConsoleWindows);

// The stack scripts are plain CommonJS shared with `npm start` and the benchmark.
const { startApi } = require('../../scripts/stack');

/** A borrower with a disbursed loan and a transfer proof for its first instalment, through the API. */
async function borrowerWithProof() {
  const { http } = await borrowerThroughApi();
  const { order_no } = await createLoan(http, application());
  const due = (await installments(http, { order_no })).list[0];
  const file = await uploadFile(http, new Blob([new Uint8Array(newProofImage())], { type: 'image/png' }), 'receipt.png');
  const proof = await uploadProof(http, { order_no, periods: [1], amount: due.total, file_url: file.url });
  return { http, order_no, proof };
}

test('16. staff: finance checks a transfer proof in the console, a second finance operator approves it, the borrower’s instalment is paid', async ({
  browser,
}) => {
  const { http, order_no, proof } = await borrowerWithProof();
  const maker = await addOperator('finance');
  const checker = await addOperator('finance');

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
  // The maker is not offered a decision on their own; the inbox shows the receipt it is about.
  await first.getByRole('link', { name: 'Approvals', exact: true }).click();
  const asked = first.getByRole('row').filter({ hasText: order_no });
  await expect(asked).toContainText('Yours: another operator decides it.');
  await expect(asked.getByRole('img', { name: `Receipt of proof #${proof.id}` })).toBeVisible();
  await expect(asked.getByRole('button', { name: /^Approve #/ })).toHaveCount(0);
  expect((await installments(http, { order_no })).list[0].status).toBe('unpaid');

  const second = await signIn(browser, checker);
  await second.getByRole('link', { name: 'Approvals', exact: true }).click();
  await noViolations(second);
  // However long its values, the inbox wraps or scrolls them inside the page, which stays as wide as the screen.
  expect(await second.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // Approving asks first.
  second.once('dialog', (dialog) => void dialog.accept());
  await second
    .getByRole('row')
    .filter({ hasText: order_no })
    .getByRole('button', { name: /^Approve #/ })
    .click();
  await expect(second.getByRole('row').filter({ hasText: order_no })).toHaveCount(0);
  await expect.poll(async () => (await installments(http, { order_no })).list[0].status).toBe('paid');

  // In Chinese too, and nobody without the role sees the screen.
  await second.getByRole('button', { name: 'Switch to Chinese' }).click();
  await expect(second.getByRole('link', { name: '转账凭证' })).toBeVisible();
  await noViolations(second);
  const editor = await signIn(browser, await addOperator('editor'));
  await expect(editor.getByRole('link', { name: 'Transfer proofs' })).toHaveCount(0);
  await expect(editor.getByRole('link', { name: 'News' })).toBeVisible();
});

test('17. staff: a reviewer underwrites two applications, rejects one with a reason from the picklist and approves the other; finance disburses it with a second operator, the borrower’s loan is repaying', async ({
  browser,
  page,
}) => {
  // Rule-based lending approves at once; this lender's second API process, on the same database, leaves applications to a reviewer.
  const manual = await startApi({
    port: await freePort(),
    quiet: true,
    env: { DATABASE_FILE: process.env.E2E_DATABASE_FILE, NODE_ENV: 'development', LOG_LEVEL: 'warn', APPROVAL_MODE: 'manual' },
  });
  try {
    await registerThroughUi(page, newPhone());
    await expect(page).toHaveURL(/#\/$/);
    const http = await apiOf(page, manual.url);
    const applied = application();
    const declined = (await createLoan(http, applied)).order_no;
    const { order_no } = await createLoan(http, applied);
    // My loans read afresh, as a borrower coming back to the app would.
    const myLoans = async () => {
      await open(page, '/pages/loan/loan');
      await page.reload();
    };
    await myLoans();
    const card = page.getByRole('listitem').filter({ hasText: order_no });
    await expect(card).toContainText('pending review');

    const reviewer = await signIn(browser, await addOperator('reviewer'));
    await reviewer.getByRole('link', { name: 'Loans', exact: true }).click();
    await reviewer.getByRole('button', { name: 'pending review' }).click();
    await noViolations(reviewer);
    // The reviewer decides in the underwriting view: the applicant masked, the price, the credit line, the history.
    await reviewer.getByRole('button', { name: `Open ${declined}` }).click();
    await expect(reviewer.getByRole('region', { name: 'Identity' })).toContainText(maskIdCard(applied.id_card));
    await expect(reviewer.getByRole('region', { name: 'Price and APR' })).toContainText('APR the borrower was shown');
    await expect(reviewer.getByRole('region', { name: 'Earlier loans' })).toContainText('No earlier loans.');
    await noViolations(reviewer);
    await reviewer.getByLabel('Reason for rejecting').selectOption({ label: 'Your income is not enough for this loan' });
    await reviewer.getByLabel(/^Words for the borrower/).fill('Payslips cover two months only.');
    await reviewer.getByRole('button', { name: 'Reject', exact: true }).click();
    const borrowerReads = 'Your income is not enough for this loan: Payslips cover two months only.';
    await expect(reviewer.getByText(`The borrower reads: ${borrowerReads}`)).toBeVisible();
    await reviewer.getByRole('button', { name: 'Back to the list' }).click();
    await reviewer.getByRole('button', { name: `Open ${order_no}` }).click();
    await expect(reviewer.getByRole('region', { name: 'Earlier loans' }).getByRole('row').filter({ hasText: declined })).toContainText(
      'rejected',
    );
    await reviewer.getByRole('button', { name: `Approve ${order_no}` }).click();
    await expect(reviewer.getByRole('region', { name: 'Application' })).toContainText('approved, awaiting disbursement');
    await expect(reviewer.getByRole('button', { name: `Approve ${order_no}` })).toHaveCount(0);

    const maker = await signIn(browser, await addOperator('finance'));
    await maker.getByRole('link', { name: 'Loans', exact: true }).click();
    await maker.getByRole('button', { name: 'approved, awaiting disbursement' }).click();
    const row = maker.getByRole('row').filter({ hasText: order_no });
    await row.getByLabel('Bank reference').fill('ICBC-DISB-E2E');
    await row.getByRole('button', { name: `Ask to disburse ${order_no}` }).click();
    await expect(maker.getByText(/^Waiting for a second operator \(approval #\d+\)\.$/)).toBeVisible();
    await myLoans();
    await expect(card).toContainText('approved, awaiting disbursement');

    const checker = await signIn(browser, await addOperator('finance'));
    await checker.getByRole('link', { name: 'Approvals', exact: true }).click();
    const asked = checker.getByRole('row').filter({ hasText: order_no });
    await expect(asked).toContainText('ICBC-DISB-E2E');
    checker.once('dialog', (dialog) => void dialog.accept());
    await asked.getByRole('button', { name: /^Approve #/ }).click();
    await expect(asked).toHaveCount(0);

    await myLoans();
    await expect(card).toContainText('repaying');
    await card.getByText(`Loan no. ${order_no}`).click();
    await expect(page.getByText('Disbursed on', { exact: true })).toBeVisible();
    await open(page, `/pages/loan/detail?order_no=${declined}`);
    await expect(page.getByText(borrowerReads)).toBeVisible();
  } finally {
    await manual.stop();
  }
});

test('18. staff: finance rejects a transfer proof with a reason; the borrower reads it and pays that instalment at the cashier', async ({
  browser,
  page,
}) => {
  await registerThroughUi(page, newPhone());
  await expect(page).toHaveURL(/#\/$/);
  const orderNo = await applyThroughUi(page);
  await open(page, `/pages/payment/upload?order_no=${orderNo}&periods=1`);
  await page.getByLabel(/^Payment proof/).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: newProofImage() });
  await page.getByRole('button', { name: 'submit proof' }).click();
  await expect(page.getByText('proof under review')).toHaveCount(1);

  const finance = await signIn(browser, await addOperator('finance'));
  await finance.getByRole('link', { name: 'Transfer proofs' }).click();
  const row = finance.getByRole('row').filter({ hasText: orderNo });
  await row.getByLabel('Reason').fill('No such transfer on our statement');
  await row.getByRole('button', { name: /^Reject #/ }).click();
  await expect(row).toHaveCount(0);

  // The borrower is still on the loan's page from the upload: they pull it fresh.
  await page.reload();
  await expect(page.getByText('Not accepted: No such transfer on our statement')).toBeVisible();
  await expect(page.getByText('proof under review')).toHaveCount(0);
  await payThroughGateway(page, orderNo, 1);
  await open(page, `/pages/loan/detail?order_no=${orderNo}`);
  await expect(page.getByText(/^Paid on /)).toHaveCount(1);
});

test('19. staff: an editor publishes an article and it is in the app’s news; taken down, it is gone', async ({ browser, page }) => {
  const title = `Holiday opening hours ${Date.now()}`;
  const editor = await signIn(browser, await addOperator('editor'));
  await editor.getByRole('link', { name: 'News', exact: true }).click();
  const english = editor.getByRole('group', { name: 'English' });
  await english.getByLabel('Title').fill(title);
  await english.getByLabel('Summary').fill('Our service desk keeps shorter hours over the holiday.');
  await english.getByLabel('Text (HTML)').fill('<p>The service desk is open 10:00–16:00 from 1 to 3 January.</p>');
  await editor.getByLabel('Author').fill('Service desk');
  await editor.getByRole('button', { name: 'Save as draft' }).click();
  const row = editor.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('draft');

  const news = page.getByRole('main').getByRole('link').filter({ hasText: title });
  await open(page, '/pages/news/list');
  await expect(page.getByRole('main').getByRole('link')).toHaveCount(10);
  await expect(news).toHaveCount(0);

  await row.getByRole('button', { name: /^Publish #/ }).click();
  await expect(row).toContainText('published');
  await page.reload();
  await expect(news).toBeVisible();
  await news.click();
  await expect(page.getByText('The service desk is open 10:00–16:00 from 1 to 3 January.')).toBeVisible();

  await row.getByRole('button', { name: /^Take down #/ }).click();
  await row.getByRole('button', { name: /^Yes, take down #/ }).click();
  await expect(row).toContainText('taken down');
  await open(page, '/pages/news/list');
  await page.reload();
  await expect(page.getByRole('main').getByRole('link')).toHaveCount(10);
  await expect(news).toHaveCount(0);
});

test('20. every console screen has no accessibility violations, in English and in Chinese', async ({ browser }) => {
  // Twenty-two screens, each loaded and audited: more than one test's usual minute on a busy 2-core machine.
  test.setTimeout(180_000);
  const admin = await signIn(browser, await addOperator('admin'));
  const main = admin.getByRole('main');
  for (const locale of ['en', 'zh-CN'] as const) {
    if (locale === 'zh-CN') await admin.getByRole('button', { name: 'Switch to Chinese' }).click();
    // The console's own screens and every screen each remote's team publishes, from their owners.
    for (const screen of [...HOST_PAGES, ...ACCOUNT_SCREENS, ...LOAN_SCREENS, ...PAYMENT_SCREENS, ...NEWS_SCREENS]) {
      await admin.getByRole('navigation').getByRole('link', { name: screen.titles[locale], exact: true }).click();
      await expect(admin.getByRole('heading', { level: 1 })).toHaveText(screen.titles[locale]);
      // Loaded: a list with rows, a form, or the words of an empty table (each names what it lacks).
      await expect(main.locator('table, form, ul, p').first()).toBeVisible();
      await expect(main.getByRole('status')).toHaveCount(0);
      await noViolations(admin);
    }
  }
});
