import { type ChildProcess, spawn } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { standalonePages } from '../../packages/federation/src/harness';
import { type ContainerName, ROUTES } from '../../packages/federation/src/pages';
import { apiUrl, freePort, ROOT } from './support';

// Shared with `npm run dev`: the package's port variable and the remote it builds.
const { packageNamed } = require('../../scripts/ports');

/** The remote whose development build starts quickest: the fewest pages. */
const PACKAGE: { name: string; env: string; remote: ContainerName } = packageNamed('mf-news');
/** A first development build on 2 shared cores. */
const STARTUP_MS = 180_000;

let server: ChildProcess | undefined;
let harnessUrl = '';

/** `npm run dev -w <remote>` as its team types it, on a free port, in a process group of its own to stop it whole. */
test.beforeAll(async () => {
  test.setTimeout(STARTUP_MS + 30_000);
  const port = await freePort();
  server = spawn('npm', ['run', 'dev', '-w', PACKAGE.name], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, [PACKAGE.env]: String(port), PORT: String(port) },
  });
  harnessUrl = `http://localhost:${port}/`;
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(harnessUrl)).status;
        } catch {
          return 0;
        }
      },
      { timeout: STARTUP_MS, intervals: [1_000] },
    )
    .toBe(200);
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
});

/** The query keys a page opens with (`?id=`): such a page is reached by a link from another page, as its reader reaches it. */
const queryOf = (path: string) => ROUTES.find((route) => route.path === path)?.opensWith?.flatMap((call) => call.fromQuery ?? []) ?? [];

/** A page drawn in the harness: something of its own under a heading, no error view, nothing thrown. */
async function drawn(page: Page, path: string, thrown: string[]) {
  const main = page.getByRole('main');
  await expect(page).toHaveURL(new RegExp(`#${path.replace(/[/?]/g, '\\$&')}`));
  await expect(main.getByRole('heading').first()).toBeVisible();
  // Neither still loading nor empty nor failed: the page's own content, from the API.
  await expect(main.getByRole('status')).toHaveCount(0);
  await expect(main.getByRole('alert')).toHaveCount(0);
  await expect(main.getByText('Choose a page above.')).toHaveCount(0);
  await expect(page.locator('#webpack-dev-server-client-overlay')).toHaveCount(0);
  expect(thrown, path).toEqual([]);
}

test('53. `npm run dev -w mf-news` starts its harness, which draws every page the remote publishes, each from its own link, against the API', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const thrown: string[] = [];
  page.on('pageerror', (error) => thrown.push(error.message));
  // The harness asks the API the page names; a team's default is its own API at localhost:3100.
  await page.addInitScript((url) => Object.assign(window, { API_BASE_URL: url }), apiUrl());
  await page.goto(harnessUrl);
  const pages = standalonePages(PACKAGE.remote);
  const nav = page.getByRole('navigation');
  const paths = [...new Set(pages.map((entry) => entry.path))];
  await expect(nav.getByRole('link')).toHaveText(paths);

  const direct = paths.filter((path) => queryOf(path).length === 0);
  const linked = paths.filter((path) => queryOf(path).length > 0);
  for (const path of direct) {
    await nav.getByRole('link', { name: path, exact: true }).click();
    await drawn(page, path, thrown);
  }
  for (const path of linked) {
    const link = page.getByRole('main').locator(`a[href*="#${path}?"]`);
    let from = 0;
    for (; from < direct.length; from += 1) {
      await nav.getByRole('link', { name: direct[from], exact: true }).click();
      await drawn(page, direct[from], thrown);
      if ((await link.count()) > 0) break;
    }
    expect(from, `a page linking to ${path}`).toBeLessThan(direct.length);
    await link.first().click();
    await drawn(page, `${path}?`, thrown);
  }
});
