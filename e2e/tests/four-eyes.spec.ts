import { expect, test, type Page } from '@playwright/test';
import { ADMIN_ENDPOINTS, adminPath, consoleApprovals, type HttpClient } from '../../packages/contract/src/api';
import { createHttpClient } from '../../packages/host-sdk/src/http';
import { STORAGE_KEYS } from '../../packages/host-sdk/src/session/store';
import { addOperator, closeConsoleWindows, signIn } from './operators';
import { apiUrl } from './support';

test.afterEach(closeConsoleWindows);

/** The console's API with the session the signed-in window holds: a second sign-in would need the next authenticator code. */
async function apiOfConsole(page: Page): Promise<HttpClient> {
  const token = await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.token);
  return createHttpClient({ baseURL: apiUrl(), getToken: () => token, tokenAs: 'bearer', onUnauthorized: () => undefined });
}

test('38. staff: an admin asks to make another admin a reviewer; the grantee is not offered the decision and the API refuses it; a second admin approves it', async ({
  browser,
}) => {
  const [maker, grantee, second] = await Promise.all([addOperator('admin'), addOperator('admin'), addOperator('admin')]);

  const first = await signIn(browser, maker);
  await first.getByRole('link', { name: 'Operators', exact: true }).click();
  const row = first.getByRole('row').filter({ hasText: grantee.username });
  const roles = row.getByRole('form', { name: `Roles of ${grantee.username}` });
  await roles.getByRole('checkbox', { name: 'Reviewer' }).check();
  await roles.getByRole('button', { name: 'Save roles' }).click();
  // Nothing is granted yet: the row says the change waits, and names the approval.
  await expect(row).toContainText(/a change waits for a second admin \(#\d+\)/);
  const id = Number((await row.textContent())!.match(/\(#(\d+)\)/)![1]);
  await expect(row.getByRole('cell').nth(1)).toHaveText(`Admin · a change waits for a second admin (#${id})`);

  // The grantee reads the change in words, and is offered no decision on their own grant.
  const theirs = await signIn(browser, grantee);
  await theirs.getByRole('link', { name: 'Approvals', exact: true }).click();
  const asked = theirs.getByRole('row').filter({ hasText: `${grantee.username}: Admin → Reviewer, Admin` });
  await expect(asked).toContainText('Another admin decides it');
  await expect(asked.getByRole('button', { name: `Approve #${id}` })).toHaveCount(0);
  // The API refuses them as well, whatever the screen offers.
  await expect((await apiOfConsole(theirs)).post(adminPath(ADMIN_ENDPOINTS.approveApproval, { id }), { reason: '' })).rejects.toThrow(
    'A change to your own account is decided by another admin.',
  );

  const checker = await signIn(browser, second);
  await checker.getByRole('link', { name: 'Approvals', exact: true }).click();
  const waiting = checker.getByRole('row').filter({ hasText: `${grantee.username}: Admin → Reviewer, Admin` });
  checker.once('dialog', (dialog) => void dialog.accept());
  await waiting.getByRole('button', { name: `Approve #${id}` }).click();
  await expect(waiting).toHaveCount(0);

  await first.reload();
  await expect(first.getByRole('row').filter({ hasText: grantee.username }).getByRole('cell').nth(1)).toHaveText('Reviewer, Admin');
  const decided = (await consoleApprovals(await apiOfConsole(first), { status: 'approved', limit: 100 })).list.find(
    (approval) => approval.id === id,
  );
  expect(decided).toMatchObject({ kind: 'operator.roles', maker: maker.username, checker: second.username });
});
