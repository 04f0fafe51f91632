import { expect, test, type Page } from '@playwright/test';
import { ADMIN_ENDPOINTS } from '../../packages/contract/src/api';
import { addOperator, closeConsoleWindows, noViolations, signIn } from './operators';

test.afterEach(closeConsoleWindows);

/** The Releases screen's actions, in either language: what only `release` and `admin` are offered. */
const ACTION = /^(Release|Promote canary|Roll back|发布|灰度转全量|回滚)$/;

/** The remote every stack serves, each of its builds published as a release (scripts/stack.js). */
const REMOTE = 'mf_news';

/** The console's writes to the releases the page sends. */
function releaseWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'POST' && pathname.startsWith(`${ADMIN_ENDPOINTS.releases}/`)) writes.push(pathname);
  });
  return writes;
}

/** Opens the Releases screen from the console's navigation and waits for its remotes. */
async function openReleases(page: Page, title: string) {
  await page.getByRole('navigation').getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('region', { name: REMOTE })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('51e. a release manager reads each remote’s live release, its last hour and history in English and Chinese, is asked before a rollback, and the screen fits 1,280 × 800; axe finds nothing', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await signIn(browser, await addOperator('release'));
  const writes = releaseWrites(page);
  // Their role opens the screen: the navigation lists it beside the console's home and approvals.
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Releases', exact: true })).toBeVisible();
  await openReleases(page, 'Releases');

  const remote = page.getByRole('region', { name: REMOTE });
  const live = remote.getByRole('table', { name: `${REMOTE}: live releases and their last hour` });
  await expect(live.getByRole('row').filter({ hasText: 'Stable' })).toHaveCount(1);
  await expect(remote.getByRole('columnheader', { name: 'Errors per 1,000 views' })).toBeVisible();
  await expect(
    remote.getByRole('table', { name: `${REMOTE}: changes, newest first` }).or(remote.getByText(`No change of ${REMOTE} recorded yet.`)),
  ).toBeVisible();
  await expect(remote.getByRole('form', { name: `New release of ${REMOTE}` })).toBeVisible();
  await expect(page.getByText(/^A canary stops by itself when, over at least 200 of its latest views/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await noViolations(page);

  // Rolling back asks first; declined, nothing is sent.
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await live.getByRole('button', { name: 'Roll back' }).first().click();
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toContain(REMOTE);
  expect(writes).toEqual([]);

  await page.getByRole('button', { name: 'Switch to Chinese' }).click();
  await openReleases(page, '发布管理');
  const chinese = page.getByRole('region', { name: REMOTE });
  await expect(
    chinese
      .getByRole('table', { name: `${REMOTE}：当前版本及最近一小时` })
      .getByRole('row')
      .filter({ hasText: '稳定版' }),
  ).toHaveCount(1);
  await expect(chinese.getByRole('columnheader', { name: '每千次浏览错误数' })).toBeVisible();
  await expect(chinese.getByRole('form', { name: `${REMOTE} 的新发布` }).getByRole('button', { name: '发布' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await noViolations(page);
});

test('51e. the auditor reads the Releases screen in both languages and is offered no action on it', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signIn(browser, await addOperator('auditor'));
  await openReleases(page, 'Releases');
  const main = page.getByRole('main');
  await expect(main.getByRole('table', { name: `${REMOTE}: live releases and their last hour` })).toBeVisible();
  await expect(main.getByRole('button', { name: ACTION })).toHaveCount(0);
  await expect(main.getByRole('form')).toHaveCount(0);
  await noViolations(page);

  await page.getByRole('button', { name: 'Switch to Chinese' }).click();
  await openReleases(page, '发布管理');
  await expect(main.getByRole('table', { name: `${REMOTE}：当前版本及最近一小时` })).toBeVisible();
  await expect(main.getByRole('button', { name: ACTION })).toHaveCount(0);
  await noViolations(page);
});
