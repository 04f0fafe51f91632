import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PATHS } from '../../packages/contract/src/paths';
import { STORAGE_KEYS } from '../../packages/host-sdk/src/session/store';
import { borrowerThroughApi } from './borrowers';
import { teamCheckout, type TeamCheckout } from './checkout';
import { heading, lastScreen, open, ROOT } from './support';

test.describe.configure({ mode: 'serial' });

/**
 * Another real minor release of @module-federation/enhanced than the repository's: the
 * devDependency `@module-federation/enhanced-previous` (package.json), with its own copies of the
 * runtime packages installed under it.
 */
const RELEASE = path.join(ROOT, 'node_modules', '@module-federation', 'enhanced-previous');
const SCOPE = path.join(ROOT, 'node_modules', '@module-federation');

/**
 * Moves a checkout to that release, as a shell team upgrading alone would: each
 * `@module-federation/*` it resolves is the release's own copy, `enhanced` the release itself.
 */
function moveToRelease(root: string) {
  const scope = path.join(root, 'node_modules', '@module-federation');
  fs.unlinkSync(scope);
  fs.mkdirSync(scope);
  const own = path.join(RELEASE, 'node_modules', '@module-federation');
  for (const name of fs.readdirSync(SCOPE)) {
    const target = name === 'enhanced' ? RELEASE : fs.existsSync(path.join(own, name)) ? path.join(own, name) : path.join(SCOPE, name);
    fs.symlinkSync(target, path.join(scope, name));
  }
}

const bundlerRuntimeOf = (modules: string) =>
  (
    JSON.parse(fs.readFileSync(path.join(modules, '@module-federation', 'webpack-bundler-runtime', 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
const minorOf = (version: string) => version.split('.').slice(0, 2).join('.');

/** The shell's team checkout on the other release, built and served on the origin the stack's remotes grant (global-setup.ts). */
let shell: TeamCheckout;
let server: { stop(): Promise<void> };
const port = () => Number(process.env.E2E_OWN_SHELL_PORT);

test.beforeAll(async () => {
  // A shell built from a checkout of its own: its first paint and service worker too, on 2 shared cores.
  test.setTimeout(360_000);
  shell = teamCheckout('shell-other-minor', 'shell');
  moveToRelease(shell.root);
  shell.build();
  fs.copyFileSync(path.join(ROOT, 'shell', 'dist', 'config.json'), path.join(shell.root, 'shell', 'dist', 'config.json'));
  server = await shell.serve(port());
});
test.afterAll(async () => {
  await server?.stop();
  shell?.remove();
});

/** The moved shell at `route`, signed in as `token`'s borrower. */
async function start(page: Page, token: string, route: string) {
  await page.addInitScript(
    ({ keys, token }) => {
      window.localStorage.setItem(keys.token, token);
      window.localStorage.setItem(keys.tokenExpireTime, String(Math.floor(Date.now() / 1000) + 3600));
    },
    { keys: STORAGE_KEYS, token },
  );
  await page.goto(`http://127.0.0.1:${port()}/#${route}`);
}

test('53b. the shell built against another minor release of the federation runtime: all four remotes, not rebuilt, draw their pages from their own runtime copy', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  // The journey proves something only while the two releases differ in their minor.
  const shellRelease = bundlerRuntimeOf(path.join(shell.root, 'node_modules'));
  const remoteRelease = bundlerRuntimeOf(path.join(ROOT, 'node_modules'));
  expect(minorOf(shellRelease)).not.toBe(minorOf(remoteRelease));

  const logged: string[] = [];
  page.on('console', (message) => logged.push(`${message.type()}: ${message.text()}`));
  const asked = new Set<string>();
  page.on('request', (request) => asked.add(request.url()));
  const { mobile, token } = await borrowerThroughApi();
  await start(page, token, '/');

  // Home: mf_loan's and mf_news's widgets.
  await expect(page.getByRole('button', { name: 'Apply now' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'latest news', exact: true })).toBeVisible();
  // Each remote's page: mf_news, mf_loan, mf_account (the borrower's masked phone), mf_payment.
  await page.goto(`http://127.0.0.1:${port()}/#${PATHS.newsList}`);
  await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
  await page.goto(`http://127.0.0.1:${port()}/#${PATHS.overdueImpact}`);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
  await page.goto(`http://127.0.0.1:${port()}/#${PATHS.profile}`);
  await expect(page.getByText(`${mobile.slice(0, 3)}****${mobile.slice(7)}`).first()).toBeVisible();
  await page.goto(`http://127.0.0.1:${port()}/#${PATHS.repayments}`);
  await expect(page.getByText('Nothing to repay right now.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toHaveCount(0);

  // Each ran its self-contained build, and said so; none ran the entry that calls the host's copy.
  for (const remote of ['mf_account', 'mf_loan', 'mf_payment', 'mf_news']) {
    expect(logged.some((line) => line.includes(`${remote} runs its own federation runtime ${remoteRelease}`))).toBe(true);
  }
  expect([...asked].filter((url) => /\/self\/remoteEntry\.[0-9a-f]+\.js$/.test(url))).toHaveLength(4);
  expect(logged.filter((line) => line.includes('the host provides bundler runtime'))).toEqual([]);
  await lastScreen(page, testInfo);
});

test('53c. the repository’s shell, of the remotes’ own release, runs their entries on its runtime copy: no self-contained file is asked for', async ({
  page,
}) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  const asked = new Set<string>();
  page.on('request', (request) => asked.add(request.url()));
  await open(page, '/');
  await expect(page.getByRole('button', { name: 'Apply now' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'latest news', exact: true })).toBeVisible();
  await open(page, PATHS.newsList);
  await expect(heading(page)).toHaveText('platform news');
  await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
  expect([...asked].filter((url) => /\/remoteEntry\.[0-9a-f]+\.js$/.test(url)).length).toBeGreaterThanOrEqual(2);
  expect([...asked].filter((url) => url.includes('/self/'))).toEqual([]);
  expect(logged.filter((line) => line.includes('runs its own federation runtime'))).toEqual([]);
});
