import { expect, test } from '@playwright/test';
import { heading, newPhone, open, registerThroughUi } from './support';

/** SPEC §2: every route with the title its page shows (home's bar shows 'loan treasure'). */
const ROUTES: Array<[string, string]> = [
  ['/', 'loan treasure'],
  ['/pages/index/index', 'loan treasure'],
  ['/pages/repay/repay', 'my repayments'],
  ['/pages/profile/profile', 'mine'],
  ['/pages/login/login', 'login'],
  ['/pages/register/register', 'register'],
  ['/pages/profile/userinfo', 'my profile data'],
  ['/pages/loan/apply', 'apply for a loan'],
  ['/pages/overdue/impact', 'overdue impact'],
  ['/pages/repay/upload', 'repayment proof upload'],
  ['/pages/loan/loan', 'my loans'],
  ['/pages/loan/contract', 'contract details'],
  ['/pages/loan/detail', 'loan details'],
  ['/pages/borrowing/loan', 'my loans'],
  ['/pages/borrowing/detail', 'loan details'],
  ['/pages/borrowing/contract', 'contract details'],
  ['/pages/borrowing/apply', 'apply for a loan'],
  ['/pages/borrowing/myloans', 'my loans'],
  ['/pages/borrowing/impact', 'overdue impact'],
  ['/pages/borrowing/settlement', 'settlement certificate'],
  ['/pages/payment/repay', 'repay'],
  ['/pages/payment/cashier', 'cashier'],
  ['/pages/payment/upload', 'repayment proof upload'],
  ['/pages/news/list', 'platform news'],
  ['/pages/news/detail', 'news detail'],
  // Issue 17's pages beside the spec's.
  ['/pages/login/resetpwd', 'reset password'],
  ['/pages/profile/security', 'security settings'],
  ['/pages/profile/edit', 'edit profile'],
  ['/pages/profile/mobile', 'change phone number'],
  ['/pages/agreement/terms', 'terms of service'],
  ['/pages/agreement/privacy', 'privacy policy'],
];

test('7. every route of SPEC §2 renders its page title on a cold deep link', async ({ page }) => {
  test.setTimeout(120_000);
  await registerThroughUi(page, newPhone());
  await expect(page).toHaveURL(/#\/$/);
  for (const [route, title] of ROUTES) {
    await open(page, route);
    await expect(heading(page), route).toHaveText(title);
    await expect(page.getByText('could not be loaded'), route).toHaveCount(0);
  }
});
