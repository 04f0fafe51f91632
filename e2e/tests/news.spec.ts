import { expect, test } from '@playwright/test';
import { apiUrl, heading, lastScreen, open, pullDown } from './support';

test('6. news: the list scrolls to a second page, a detail opens, pull-down refresh reloads', async ({ page }, testInfo) => {
  await open(page, '/pages/news/list');
  await expect(heading(page)).toHaveText('platform news');
  const items = page.getByRole('main').getByRole('link');
  await expect(items).toHaveCount(10);
  await items.last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect.poll(() => items.count()).toBeGreaterThan(10);

  const pageOne = page.waitForRequest((request) => request.url().includes('/api/news/index') && request.url().includes('page=1'));
  await page.evaluate(() => window.scrollTo(0, 0));
  await pullDown(page);
  await pageOne;
  await expect(items).toHaveCount(10);

  const first = items.first();
  const title = (await first.getByRole('heading').textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/pages\/news\/detail\?id=\d+/);
  await expect(heading(page)).toHaveText('news detail');
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await lastScreen(page, testInfo);
});

test('14. back from an article returns to the same place in the list, with the pages already loaded', async ({ page }, testInfo) => {
  await open(page, '/pages/news/list');
  const items = page.getByRole('main').getByRole('link');
  await expect(items).toHaveCount(10);
  await items.last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect.poll(() => items.count()).toBeGreaterThan(10);
  const loaded = await items.count();

  const target = items.nth(11);
  await target.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  const title = (await target.getByRole('heading').textContent())!.trim();
  await target.click();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  // The article opens at its top, not where the list was.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(heading(page)).toHaveText('platform news');
  await expect(items).toHaveCount(loaded);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 5);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolled + 5);
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeInViewport();
  await lastScreen(page, testInfo);
});

test("15. a link in an article to one of the app's pages opens it in the same tab; a link elsewhere opens a new one", async ({
  page,
  context,
}, testInfo) => {
  const index = (await (await fetch(`${apiUrl()}/api/news/index?page=1&limit=50`)).json()) as { data: { list: Array<{ id: number }> } };
  let articleId = 0;
  for (const { id } of index.data.list) {
    const detail = (await (await fetch(`${apiUrl()}/api/news/detail?id=${id}`)).json()) as { data: { content: string } };
    if (detail.data.content.includes('#/pages/overdue/impact')) {
      articleId = id;
      break;
    }
  }
  expect(articleId).toBeGreaterThan(0);
  await open(page, `/pages/news/detail?id=${articleId}`);
  const elsewhere = page.getByRole('link', { name: /Credit Reference Center/ });
  await expect(elsewhere).toHaveAttribute('target', '_blank');
  await expect(elsewhere).toHaveAttribute('rel', /noopener/);
  const inApp = page.getByRole('link', { name: 'what happens when a payment is late' });
  await expect(inApp).not.toHaveAttribute('target', '_blank');
  await inApp.click();
  await expect(heading(page)).toHaveText('overdue impact');
  expect(context.pages()).toHaveLength(1);
  await lastScreen(page, testInfo);
});
