import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { editConfig, lastScreen, open, ROOT } from './support';

const { startStatic } = require('../../scripts/stack');

test.describe.configure({ mode: 'serial' });

test('9. a remote that is down shows retry while the rest works; back up, retry loads it with no page reload', async ({
  page,
}, testInfo) => {
  // A second deployment of mf-loan that this test can stop and start, named by config.json.
  const port = 3900 + Math.floor(Math.random() * 90);
  let server = await startStatic('mf-loan', port);
  const restore = editConfig((config) => {
    config.remotes.mf_loan = `http://127.0.0.1:${port}/mf-manifest.json`;
  });
  try {
    await open(page, '/');
    await expect(page.getByRole('heading', { name: 'latest news', exact: true })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));

    await server.stop();
    await page.evaluate(() => (window.location.hash = '#/pages/overdue/impact'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('overdue impact');
    await expect(page.getByRole('alert')).toContainText('could not be loaded');

    await page.evaluate(() => (window.location.hash = '#/pages/profile/profile'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('mine');
    await page.getByRole('button', { name: 'home' }).click();
    await expect(page.getByRole('heading', { name: 'latest news', exact: true })).toBeVisible();
    await page.evaluate(() => (window.location.hash = '#/pages/overdue/impact'));
    await expect(page.getByRole('button', { name: 'retry' })).toBeVisible();

    server = await startStatic('mf-loan', port);
    await page.getByRole('button', { name: 'retry' }).click();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    await lastScreen(page, testInfo);
  } finally {
    restore();
    await server.stop().catch(() => {});
  }
});

test('9b. with mf-news down, home still shows the loan widget and offers a retry for the news', async ({ page }, testInfo) => {
  const restore = editConfig((config) => {
    // A port nothing listens on: the news team's deployment is down.
    config.remotes.mf_news = 'http://127.0.0.1:9/mf-manifest.json';
  });
  try {
    await open(page, '/');
    await expect(page.getByRole('button', { name: 'Apply now' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('could not be loaded');
    await expect(page.getByRole('alert').getByRole('button', { name: 'retry' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'mine' })).toBeVisible();
    await lastScreen(page, testInfo);
  } finally {
    restore();
  }
});

test('10. independent deployment: one remote rebuilt and re-pointed in config.json, nothing else rebuilt', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const work = path.join(ROOT, 'e2e', '.work', 'mf-news-v2');
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  fs.cpSync(path.join(ROOT, 'mf-news', 'src'), path.join(work, 'src'), { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'mf-news', 'package.json'), path.join(work, 'package.json'));
  // The copy sits two folders deeper than the package: its requires of the repository's root move with it.
  const config = fs
    .readFileSync(path.join(ROOT, 'mf-news', 'webpack.config.js'), 'utf8')
    .replace(/(require(?:Ts)?\()'\.\.\//g, "$1'../../../");
  fs.writeFileSync(path.join(work, 'webpack.config.js'), config);
  const messages = path.join(work, 'src', 'messages.ts');
  fs.writeFileSync(messages, fs.readFileSync(messages, 'utf8').replace("'latest news'", "'latest news, now weekly'"));
  const shellBefore = fs
    .readdirSync(path.join(ROOT, 'shell', 'dist'))
    .filter((file) => file.endsWith('.js'))
    .sort();

  execFileSync(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production'], { cwd: work, stdio: 'ignore' });
  const port = 3990 + Math.floor(Math.random() * 9);
  const server = await startStatic(path.relative(ROOT, work), port);
  await open(page, '/');
  await expect(page.getByRole('heading', { name: 'latest news', exact: true })).toBeVisible();
  const restore = editConfig((json) => {
    json.remotes.mf_news = `http://127.0.0.1:${port}/mf-manifest.json`;
  });
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'latest news, now weekly' })).toBeVisible();
    expect(
      fs
        .readdirSync(path.join(ROOT, 'shell', 'dist'))
        .filter((file) => file.endsWith('.js'))
        .sort(),
    ).toEqual(shellBefore);
    await lastScreen(page, testInfo);
  } finally {
    restore();
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
});
