import { expect, test, type Page } from '@playwright/test';
import { ENDPOINTS } from '../../packages/contract/src/api';
import { findPage, PAGES } from '../../packages/federation/src/pages';
import { borrowerThroughApi } from './borrowers';
import { heading, lastScreen, shellUrl } from './support';

/**
 * A deep link's opening calls (its row's `opensWith` in the page table) leave from index.html's
 * inline script, before any bundle: the page's own call then takes that answer instead of asking
 * again (shell/src/early/handover.ts, the HTTP client of @instalment/host-sdk).
 */
const DEEP_LINKS = [
  { route: PAGES.apply.path, shows: 'Enter an amount and choose a term' },
  { route: PAGES.repayments.path, shows: 'Nothing to repay right now' },
  { route: PAGES.newsList.path, shows: null },
];

const callsOf = (route: string) => findPage(route)!.opensWith!.map((call) => call.endpoint);

/** The API GETs the page sends, by path (a CORS preflight is not one). */
function recordApiCalls(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) asked.push(url.pathname);
  });
  return asked;
}

async function withSession(page: Page) {
  const { token } = await borrowerThroughApi();
  await page.addInitScript((value) => {
    window.localStorage.setItem('token', value);
    window.localStorage.setItem('tokenExpireTime', String(Math.floor(Date.now() / 1000) + 3600));
  }, token);
}

for (const link of DEEP_LINKS) {
  test(`27i. ${link.route}: its opening calls leave with every script file blocked`, async ({ page }) => {
    await withSession(page);
    const asked = recordApiCalls(page);
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(`${shellUrl()}#${link.route}`);
    await expect.poll(() => [...asked].sort()).toEqual([...callsOf(link.route)].sort());
  });

  test(`27j. ${link.route}: the page draws their answers and asks for none of them again`, async ({ page }, testInfo) => {
    await withSession(page);
    const asked = recordApiCalls(page);
    await page.goto(`${shellUrl()}#${link.route}`);
    await expect(page.locator('#root [data-skeleton]')).toHaveCount(0);
    if (link.shows) await expect(page.getByText(link.shows)).toBeVisible();
    else await expect(page.getByRole('list').getByRole('link').first()).toBeVisible();
    await expect(heading(page)).toBeVisible();
    for (const endpoint of callsOf(link.route)) expect(asked.filter((path) => path === endpoint)).toHaveLength(1);
    await lastScreen(page, testInfo);
  });
}

test('27k. an opening call the page never takes leaves nothing in flight', async ({ page }) => {
  await withSession(page);
  // Every script file refused: the app never runs, so nobody takes the answer.
  await page.route('**/*.js', (route) => route.abort());
  await page.goto(`${shellUrl()}#${PAGES.newsList.path}`);
  await page.waitForLoadState('networkidle', { timeout: 10_000 });
});

test("27l. a finger on the repayments tab starts its page's call before the click, and the page draws that answer without asking again", async ({
  page,
}) => {
  await withSession(page);
  await page.goto(shellUrl());
  const tab = page.getByRole('navigation').getByRole('button', { name: 'my repayments' });
  await expect(tab).toBeVisible();
  await page.waitForLoadState('networkidle');
  const asked = recordApiCalls(page);
  await tab.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true });
  // The finger is still down: the call has left, and the page has not opened.
  await expect.poll(() => asked).toEqual(callsOf(PAGES.repayments.path));
  await expect(heading(page)).not.toHaveText('my repayments');
  await tab.click();
  await expect(heading(page)).toHaveText('my repayments');
  await expect(page.getByText('Nothing to repay right now')).toBeVisible();
  expect(asked).toEqual(callsOf(PAGES.repayments.path));
});

test("27m. the news list's first cover leaves with the list's answer, with every script file blocked, and is fetched once", async ({
  browser,
}) => {
  /** A phone of its own (an empty cache), and the covers it asks for. */
  const visit = async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const covers: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') covers.push(request.url());
    });
    return { context, page, covers };
  };

  const blocked = await visit();
  await blocked.page.route('**/*.js', (route) => route.abort());
  const answer = blocked.page.waitForResponse((response) => new URL(response.url()).pathname === ENDPOINTS.newsIndex);
  await blocked.page.goto(`${shellUrl()}#${PAGES.newsList.path}`);
  // The first article with a cover (staff may have published newer ones without).
  const { data } = (await (await answer).json()) as { data: { list: Array<{ cover: string }> } };
  const cover = data.list.map((item) => item.cover).find(Boolean);
  expect(cover).toBeTruthy();
  await expect.poll(() => blocked.covers, { message: 'the first cover asked for while no script ran' }).toContain(cover);
  await blocked.context.close();

  const drawn = await visit();
  await drawn.page.goto(`${shellUrl()}#${PAGES.newsList.path}`);
  const image = drawn.page.locator(`main img[src="${cover}"]`).first();
  await expect(image).toHaveJSProperty('complete', true);
  expect(drawn.covers.filter((url) => url === cover)).toHaveLength(1);
  await drawn.context.close();
});
