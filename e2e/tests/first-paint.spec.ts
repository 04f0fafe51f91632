import { expect, test, type Page, type Route } from '@playwright/test';
import { heading, lastScreen, shellUrl } from './support';

/**
 * Home's first paint comes from index.html itself (shell/src/firstPaint): the shell's script is
 * held back here, so what shows is what the page drew before any bundle ran.
 */
function holdShellScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return page
    .route(/\/main\.[0-9a-f]+\.js$/, async (route: Route) => {
      await released;
      await route.continue();
    })
    .then(() => release);
}

const welcome = (page: Page, text: string) => page.getByRole('main').getByText(text);

/** Layout shifts and the paint entries of the page, recorded from its start. */
async function recordPaints(page: Page) {
  await page.addInitScript(() => {
    const record = { shifts: 0, lcp: [] as number[] };
    (window as unknown as { paints: typeof record }).paints = record;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) record.shifts += (entry as PerformanceEntry & { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) record.lcp.push(entry.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

const paints = (page: Page) =>
  page.evaluate(() => ({
    ...(window as unknown as { paints: { shifts: number; lcp: number[] } }).paints,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
  }));

test('27a. / draws its frame and welcome from index.html, then React takes over without moving anything', async ({ page }, testInfo) => {
  await recordPaints(page);
  const release = await holdShellScript(page);
  await page.goto(`${shellUrl()}#/`, { waitUntil: 'commit' });

  const headline = welcome(page, 'Borrow what you need, repay it month by month, every cost shown up front.');
  await expect(headline).toBeVisible();
  await expect(heading(page)).toHaveText('loan treasure');
  await expect(page.getByRole('navigation', { name: 'main navigation' }).getByRole('button')).toHaveText(['home', 'my repayments', 'mine']);
  await expect(page.getByRole('heading', { name: 'latest news' })).toHaveCount(0);
  const before = await headline.boundingBox();

  release();
  await expect(page.getByRole('heading', { name: 'latest news', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply now' })).toBeVisible();
  expect(await headline.boundingBox()).toEqual(before);

  const seen = await paints(page);
  expect(seen.shifts).toBe(0);
  // The largest element was painted with the first paint, and nothing React drew after outgrew it.
  expect(seen.lcp.at(-1)).toBe(seen.fcp);
  await lastScreen(page, testInfo);
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('27b. a reader of Chinese gets the first paint in Chinese', async ({ page }) => {
    const release = await holdShellScript(page);
    await page.goto(`${shellUrl()}#/`, { waitUntil: 'commit' });
    await expect(welcome(page, '按需借款，按月还款，每一笔费用都提前告诉您。')).toBeVisible();
    await expect(heading(page)).toHaveText('贷款宝');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    release();
    await expect(page.getByRole('heading', { name: '最新资讯', exact: true })).toBeVisible();
    await expect(welcome(page, '按需借款，按月还款，每一笔费用都提前告诉您。')).toBeVisible();
  });
});

test('27c. a deep link never shows home, even before the app runs: it shows its own frame', async ({ page }) => {
  const release = await holdShellScript(page);
  await page.goto(`${shellUrl()}#/pages/news/list`, { waitUntil: 'commit' });
  await expect(heading(page)).toHaveText('platform news');
  await expect(welcome(page, 'Borrow what you need, repay it month by month, every cost shown up front.')).toHaveCount(0);
  release();
  await expect(heading(page)).toHaveText('platform news');
});

test('27d. a tab tapped on the first paint opens once the app runs', async ({ page }) => {
  const release = await holdShellScript(page);
  await page.goto(`${shellUrl()}#/`, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'mine' }).click();
  release();
  await expect(heading(page)).toHaveText('mine');
  await expect(page).toHaveURL(/#\/pages\/profile\/profile$/);
});
