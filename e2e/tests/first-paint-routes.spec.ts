import { expect, test, type Page } from '@playwright/test';
import { heading, lastScreen, newPhone, registerThroughUi, shellUrl } from './support';

/**
 * Every route of the page table has a first paint in index.html (shell/src/firstPaint): its
 * frame, its title and a skeleton of its layout, chosen from the hash by the page's inline
 * script before any bundle runs; React then draws the same frame over it.
 */
const DEEP_LINKS = [
  { route: '/pages/loan/apply', title: 'apply for a loan', shape: 'form', tabs: false },
  { route: '/pages/news/list', title: 'platform news', shape: 'list', tabs: false },
  { route: '/pages/repay/repay', title: 'my repayments', shape: 'list', tabs: true },
];

/** A session on the device, as the app keeps it: the first paint only reads that one is there. */
const deviceSession = (page: Page) =>
  page.addInitScript(() => {
    window.localStorage.setItem('token', 'a-token');
    window.localStorage.setItem('tokenExpireTime', String(Math.floor(Date.now() / 1000) + 3600));
  });

/** Layout shifts not caused by input, recorded from the page's start. */
const recordShifts = (page: Page) =>
  page.addInitScript(() => {
    const record = { shifts: 0 };
    (window as unknown as { layout: typeof record }).layout = record;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) record.shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
const shifts = (page: Page) => page.evaluate(() => (window as unknown as { layout: { shifts: number } }).layout.shifts);

const skeleton = (page: Page) => page.locator('#root [data-skeleton]');
const tabBar = (page: Page) => page.getByRole('navigation', { name: 'main navigation' });

for (const link of DEEP_LINKS) {
  test(`27e. ${link.route} shows its frame, title and skeleton with every script blocked`, async ({ page }) => {
    await deviceSession(page);
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(`${shellUrl()}#${link.route}`);
    await expect(heading(page)).toHaveText(link.title);
    await expect(skeleton(page)).toHaveAttribute('data-skeleton', link.shape);
    await expect(skeleton(page)).toBeVisible();
    await expect(skeleton(page)).toHaveAttribute('aria-hidden', 'true');
    await expect(tabBar(page)).toHaveCount(link.tabs ? 1 : 0);
    await expect(page.getByText('Borrow what you need')).toHaveCount(0);
  });
}

test('27f. without a session, a page that needs one opens on the login page’s paint', async ({ page }) => {
  await page.route('**/*.js', (route) => route.abort());
  await page.goto(`${shellUrl()}#/pages/loan/apply`);
  await expect(skeleton(page)).toHaveAttribute('data-skeleton', 'form');
  await expect(heading(page)).toHaveCount(0);
  const origins = async () => {
    const preloads = await page
      .locator('link[rel="preload"][as="script"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    return new Set(preloads.map((href) => new URL(href).port)).size;
  };
  // The login page's remote (mf-account) is on its way beside the apply page's, once the
  // inline script has read config.json and the two manifests (the skeleton may show before).
  await expect.poll(origins).toBe(2);
});

test('27g. a path no table knows gets the generic frame', async ({ page }) => {
  await page.route('**/*.js', (route) => route.abort());
  await page.goto(`${shellUrl()}#/pages/nowhere/at-all`);
  await expect(skeleton(page)).toHaveAttribute('data-skeleton', 'generic');
  await expect(tabBar(page)).toHaveCount(0);
});

test('27h. React takes the first paint of apply, news list and repay over without a layout shift', async ({ page, context }, testInfo) => {
  test.setTimeout(120_000);
  await registerThroughUi(page, newPhone());
  await expect(page).toHaveURL(/#\/$/);
  for (const link of DEEP_LINKS) {
    const visit = await context.newPage();
    await recordShifts(visit);
    // The page's policy refuses inline styles: a first paint carrying one would be drawn otherwise than React draws it.
    const refused: string[] = [];
    visit.on('console', (message) => void (message.text().includes('Content Security Policy') && refused.push(message.text())));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await visit.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await visit.goto(`${shellUrl()}#${link.route}`, { waitUntil: 'commit' });
    await expect(heading(visit), link.route).toHaveText(link.title);
    const title = await heading(visit).boundingBox();
    const shape = await skeleton(visit).boundingBox();

    release();
    // The page has replaced its skeleton, and what it asked the API for has been answered and drawn.
    await expect(skeleton(visit), link.route).toHaveCount(0);
    await visit.waitForLoadState('networkidle');
    await expect(heading(visit), link.route).toHaveText(link.title);
    expect(await heading(visit).boundingBox(), link.route).toEqual(title);
    expect(shape, link.route).not.toBeNull();
    const shifted = await shifts(visit);
    testInfo.annotations.push({ type: 'layout shift', description: `${link.route}: ${shifted}` });
    expect(shifted, link.route).toBeLessThan(0.01);
    expect(refused, link.route).toEqual([]);
    if (link === DEEP_LINKS.at(-1)) await lastScreen(visit, testInfo);
    await visit.close();
  }
});
