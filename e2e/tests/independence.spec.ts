import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { builtFiles, teamCheckout, type TeamCheckout } from './checkout';
import { editConfig, freePort, heading, lastScreen, open, ports, ROOT } from './support';

const { startStatic } = require('../../scripts/stack');

test.describe.configure({ mode: 'serial' });

/**
 * DESIGN §3, a remote's team ships alone: the news team's checkout changes a component of the
 * shared UI kit, adds a page, and changes the article page; only mf-news is built.
 */
let news: TeamCheckout;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  news = teamCheckout('news-team', 'mf-news');
  news.edit('packages/ui/src/kit/PageLink.tsx', (text) => text.replace('<a {...rest}', '<a data-kit="2" {...rest}'));
  news.edit(
    'mf-news/src/extra-pages.ts',
    `import type { ExtraPage } from '@instalment/federation/pages';

export const EXTRA_PAGES: ExtraPage[] = [
  { path: '/pages/news/archive', module: './Archive', titles: { en: 'news archive', 'zh-CN': '资讯归档' } },
];`,
  );
  news.edit(
    'mf-news/src/pages/Archive.tsx',
    `import type { PageProps } from '@instalment/host-sdk/host';
import { PageLink } from '@instalment/ui/kit';

export default function Archive(_props: PageProps) {
  return (
    <p>
      Every article by month. <PageLink path="/pages/news/list">Back to the news</PageLink>
    </p>
  );
}`,
  );
  news.edit('mf-news/src/pages/NewsList.tsx', (text) =>
    text
      .replace('import { NewsItemLink,', "import { PageLink } from '@instalment/ui/kit';\nimport { NewsItemLink,")
      .replace('<LoadMore hasMore', '<PageLink path="/pages/news/archive">news archive</PageLink>\n      <LoadMore hasMore'),
  );
  news.edit('mf-news/src/pages/NewsDetail.tsx', (text) =>
    text.replace('<h2 className={styles.title}', '<h2 className={styles.title} data-deploy="2"'),
  );
  news.build();
});
test.afterAll(() => news?.remove());

test('21. a remote ships a changed UI component and a new page alone: no shell build, no other remote touched', async ({
  page,
}, testInfo) => {
  const before = builtFiles();
  const deployment = await news.deploy('mf_news');
  try {
    // The deep link: a page no shell build knows, published by the news deployment.
    await open(page, '/pages/news/archive');
    await expect(heading(page)).toHaveText('news archive');
    await expect(page.getByText('Every article by month.')).toBeVisible();
    await expect(page).toHaveTitle(/^news archive/);

    await page.getByRole('link', { name: 'Back to the news' }).click();
    await expect(heading(page)).toHaveText('platform news');
    // The news team's copy of the UI kit draws its links; the link opens the new page.
    const kitLinks = page.getByRole('main').locator('a[data-kit="2"]');
    await expect(kitLinks.first()).toBeVisible();
    await page.getByRole('link', { name: 'news archive' }).click();
    await expect(heading(page)).toHaveText('news archive');

    // Home: the news widget is the new deployment's, the loan widget (not redeployed) keeps its own kit.
    await open(page, '/');
    await expect(page.getByRole('heading', { name: 'latest news', exact: true })).toBeVisible();
    await expect(page.locator('a[data-kit="2"]').first()).toBeVisible();
    expect(builtFiles()).toEqual(before);
    await lastScreen(page, testInfo);
  } finally {
    await deployment.stop();
  }
});

/** Copies a built remote to where a deployment serves it from. */
function deploy(from: string, to: string) {
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(from, to, { recursive: true });
}

test('23a. a chunk deleted by a redeploy while the app is open: the next navigation to it recovers by itself', async ({
  page,
}, testInfo) => {
  const live = path.join(ROOT, 'e2e', '.work', 'news-live');
  deploy(path.join(ROOT, 'mf-news', 'dist'), path.join(live, 'dist'));
  const port = await freePort();
  let server = await startStatic(path.relative(ROOT, live), port);
  const restore = editConfig((config) => {
    config.remotes.mf_news = `http://127.0.0.1:${port}/mf-manifest.json`;
  });
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404 && response.url().includes(`:${port}/`)) missing.push(response.url());
  });
  try {
    await open(page, '/pages/news/list');
    await expect(heading(page)).toHaveText('platform news');
    const firstArticle = page.getByRole('main').getByRole('link').first();
    await expect(firstArticle).toBeVisible();

    // The news team deploys: the old files are gone, the new build is in their place.
    await server.stop();
    deploy(path.join(news.root, 'mf-news', 'dist'), path.join(live, 'dist'));
    server = await startStatic(path.relative(ROOT, live), port);

    await firstArticle.click();
    await expect(heading(page)).toHaveText('news detail');
    await expect(page.locator('h2[data-deploy="2"]')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toHaveCount(0);
    // The old build's chunk was asked for and was gone: the page healed, nobody pressed retry.
    expect(missing.some((url) => url.endsWith('.js'))).toBe(true);
    await lastScreen(page, testInfo);
  } finally {
    restore();
    await server.stop();
    fs.rmSync(live, { recursive: true, force: true });
  }
});

/** A deployment in front of mf-news whose manifest answers 503 `failures` times, then as usual. */
async function flakyManifest(failures: number) {
  const upstream = `http://127.0.0.1:${ports()['mf-news']}`;
  const answered: number[] = [];
  const server = http.createServer(async (request, response) => {
    const url = request.url ?? '/';
    const manifest = url.startsWith('/mf-manifest.json');
    if (manifest && answered.length < failures) {
      answered.push(503);
      response.writeHead(503, { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' }).end('deploying');
      return;
    }
    const answer = await fetch(`${upstream}${url}`);
    if (manifest) answered.push(answer.status);
    const headers: Record<string, string> = { 'Access-Control-Allow-Origin': '*' };
    for (const name of ['content-type', 'cache-control']) {
      const value = answer.headers.get(name);
      if (value) headers[name] = value;
    }
    response.writeHead(answer.status, headers).end(Buffer.from(await answer.arrayBuffer()));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    answered: () => answered,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

test('23b. a manifest answering 503 twice, then 200: the page loads', async ({ page }: { page: Page }, testInfo) => {
  const flaky = await flakyManifest(2);
  const restore = editConfig((config) => {
    config.remotes.mf_news = `http://127.0.0.1:${flaky.port}/mf-manifest.json`;
  });
  try {
    await open(page, '/pages/news/list');
    await expect(heading(page)).toHaveText('platform news');
    await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(flaky.answered()).toEqual([503, 503, 200]);
    await lastScreen(page, testInfo);
  } finally {
    restore();
    await flaky.stop();
  }
});
