import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { teamCheckout } from './checkout';
import { freePort, lastScreen, ports, ROOT } from './support';

const { startStatic } = require('../../scripts/stack');

test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'allow' });

/**
 * The shell's service worker, on a deployment of the shell this file owns (its own origin, so its
 * worker and caches are its own): the shell's build copied to e2e/.work/shell-live, with the
 * stack's config.json.
 */
const live = path.join(ROOT, 'e2e', '.work', 'shell-live');
const liveConfig = path.join(live, 'dist', 'config.json');
let port: number;
let server: { stop(): Promise<void> };

function deployShell(from: string) {
  const config = fs.readFileSync(path.join(ROOT, 'shell', 'dist', 'config.json'));
  fs.rmSync(path.join(live, 'dist'), { recursive: true, force: true });
  fs.cpSync(from, path.join(live, 'dist'), { recursive: true });
  fs.writeFileSync(liveConfig, config);
}

async function restartServer() {
  await server?.stop();
  server = await startStatic(path.relative(ROOT, live), port);
}

const start = (page: Page, route = '/') => page.goto(`http://127.0.0.1:${port}/#${route}`);

/** Waits until the worker keeps what the first visit loaded: the page, a remote's files and the news. */
async function workerHasKept(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const kept = await Promise.all(
            ['shell-page', 'remote-files', 'public-api'].map(async (name) => (await (await caches.open(name)).keys()).length),
          );
          return kept.every((count) => count > 0);
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}

const latestNews = (page: Page) => page.getByRole('heading', { name: 'latest news', exact: true });

test.beforeAll(async () => {
  // The port the stack's remotes share their files with (global-setup.ts).
  port = Number(process.env.E2E_OWN_SHELL_PORT);
  deployShell(path.join(ROOT, 'shell', 'dist'));
  await restartServer();
});
test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(live, { recursive: true, force: true });
});

test('24. a second visit renders / with the network cut off: the frame, the news already read, and "you are offline"', async ({
  page,
  context,
}, testInfo) => {
  await start(page);
  await expect(latestNews(page)).toBeVisible();
  const firstArticle = page.getByRole('main').getByRole('link').first();
  await expect(firstArticle).toBeVisible();
  const title = await firstArticle.innerText();
  await workerHasKept(page);

  await context.setOffline(true);
  await server.stop();
  try {
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
    await expect(latestNews(page)).toBeVisible();
    await expect(page.getByRole('main').getByRole('link').first()).toHaveText(title);
    await expect(page.getByRole('button', { name: 'mine' })).toBeVisible();
    // Personal data is never kept: nothing the worker holds is a signed-in reader's.
    const kept = await page.evaluate(async () => {
      const names = await caches.keys();
      const lists = await Promise.all(names.map(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)));
      return lists.flat();
    });
    expect(
      kept.filter((url) => /\/api\/(user|loan\/(myLoans|orderDetail|installments|credit|cashier|payment|due|overdue))/.test(url)),
    ).toEqual([]);
    await lastScreen(page, testInfo);
  } finally {
    await context.setOffline(false);
    await restartServer();
  }
});

test('25. with the worker installed, a re-pointed remote is used on the next start', async ({ page }, testInfo) => {
  await start(page);
  await expect(latestNews(page)).toBeVisible();
  await workerHasKept(page);

  // The news team's deployment moves to another address (the same build, served elsewhere).
  const moved = await freePort();
  const newsElsewhere = await startStatic('mf-news', moved);
  const config = JSON.parse(fs.readFileSync(liveConfig, 'utf8'));
  config.remotes.mf_news = `http://127.0.0.1:${moved}/mf-manifest.json`;
  fs.writeFileSync(liveConfig, JSON.stringify(config, null, 2));
  const asked: string[] = [];
  page.on('request', (request) => asked.push(request.url()));
  try {
    // This start is served the last good config.json at once and revalidates it ...
    await page.reload();
    await expect(latestNews(page)).toBeVisible();
    // ... and the next one loads the news from the new address.
    asked.length = 0;
    await page.reload();
    await expect(latestNews(page)).toBeVisible();
    await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
    expect(asked.some((url) => url.startsWith(`http://127.0.0.1:${moved}/`))).toBe(true);
    expect(asked.some((url) => url.startsWith(`http://127.0.0.1:${ports()['mf-news']}/`))).toBe(false);
    await lastScreen(page, testInfo);
  } finally {
    await newsElsewhere.stop();
    deployShell(path.join(ROOT, 'shell', 'dist'));
  }
});

test('26. a new shell deploy is picked up: never stuck on the build the worker first kept', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const shell = teamCheckout('shell-team', 'shell');
  try {
    shell.edit('packages/contract/src/i18n/common.ts', (text) =>
      text.replace("navTitle: 'loan treasure'", "navTitle: 'loan treasure, renewed'"),
    );
    shell.build();
    await start(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('loan treasure');
    await workerHasKept(page);

    deployShell(path.join(shell.root, 'shell', 'dist'));
    await restartServer();
    // The start after a deploy is served the last good page at once and fetches the new one;
    // a start after that runs the new build.
    const titleOnStart = async () => {
      await page.reload();
      await expect(latestNews(page)).toBeVisible();
      return page.getByRole('heading', { level: 1 }).innerText();
    };
    expect(await titleOnStart()).toBe('loan treasure');
    await expect.poll(titleOnStart, { timeout: 30_000 }).toBe('loan treasure, renewed');
    await expect(latestNews(page)).toBeVisible();
    await lastScreen(page, testInfo);
  } finally {
    shell.remove();
  }
});
