import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createLoan, updateProfile } from '../../packages/contract/src/api';
import { maskPhone } from '../../packages/contract/src/format';
import { application, borrowerThroughApi } from './borrowers';
import { addOperator, closeConsoleWindows, noViolations, signIn } from './operators';

test.afterEach(closeConsoleWindows);

/** A name no other journey gave: letters only, as a real name must be. */
const newName = (family: string) => `${family} ${Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;

const WORDS = {
  en: {
    search: /Name, phone/,
    noLoans: 'No loans.',
    askLimit: 'Ask to change the credit line',
    tooShort: 'Type at least 2 characters of a name, the last 4 digits of a phone or ID number, or an order number.',
  },
  'zh-CN': {
    search: /姓名、手机号/,
    noLoans: '没有借款。',
    askLimit: '发起额度调整',
    tooShort: '请至少输入姓名中的 2 个字、手机号或身份证号的后 4 位，或借款单号。',
  },
} as const;

/** Searches the Borrowers screen and opens the borrower of `mobile`: at once when they are the only match, else from the matches. */
async function found(page: Page, words: (typeof WORDS)[keyof typeof WORDS], query: string, mobile: string) {
  await page.getByRole('searchbox', { name: words.search }).fill(query);
  await page.getByRole('searchbox', { name: words.search }).press('Enter');
  const view = page.getByRole('region', { name: mobile });
  const pick = page
    .getByRole('row')
    .filter({ hasText: maskPhone(mobile) })
    .getByRole('button');
  await expect(view.or(pick).first()).toBeVisible({ timeout: 10_000 });
  if (!(await view.isVisible())) await pick.click();
  await expect(view).toBeVisible();
  return view;
}

test('50g. support finds a borrower with no loan by name and an applicant by the tail of their ID, in both languages, and is not offered the credit line', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // One who only signed up and named themselves; one who applied, giving their name and ID number.
  const named = await borrowerThroughApi();
  const nickname = newName('Zhao');
  await updateProfile(named.http, { nickname, avatar: '', bio: '', email: '' });
  const applicant = await borrowerThroughApi();
  const form = application({ real_name: newName('Qian') });
  await createLoan(applicant.http, form);

  const support = await signIn(browser, await addOperator('support'));
  await support.getByRole('link', { name: 'Borrowers', exact: true }).click();
  for (const locale of ['en', 'zh-CN'] as const) {
    const words = WORDS[locale];
    if (locale === 'zh-CN') await support.getByRole('button', { name: 'Switch to Chinese' }).click();

    await support.getByRole('searchbox', { name: words.search }).fill('12');
    await support.getByRole('searchbox', { name: words.search }).press('Enter');
    await expect(support.getByText(words.tooShort)).toBeVisible();

    // A part of the name, in another case.
    const byName = await found(support, words, nickname.split(' ')[1].slice(0, 6).toUpperCase(), named.mobile);
    await expect(byName.getByRole('heading', { level: 2 })).toContainText(nickname);
    await expect(byName.getByText(words.noLoans)).toBeVisible();
    await expect(support.getByRole('button', { name: words.askLimit })).toHaveCount(0);
    await noViolations(support);

    const byId = await found(support, words, form.id_card.slice(-6), applicant.mobile);
    await expect(byId.getByRole('heading', { level: 2 })).toContainText(form.real_name);
    await expect(support.getByRole('button', { name: words.askLimit })).toHaveCount(0);
    await noViolations(support);
  }
});
