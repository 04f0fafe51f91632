import { expect, test } from '@playwright/test';
import { heading, lastScreen, open, pullDown } from './support';

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
