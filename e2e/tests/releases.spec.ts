import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { devices, expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { releaseOf } from '../../packages/contract/src/api';
import { teamCheckout } from './checkout';
import { addOperator, closeConsoleWindows, signIn } from './operators';
import { heading, ports, ROOT, shellUrl, siblingApi } from './support';

test.describe.configure({ mode: 'serial' });

/**
 * Issue 51, a release day for the news team: its builds published side by side under
 * mf-news/dist/releases/, a canary on half of the devices, a canary that cannot load, one that
 * throws and is stopped by the API, a rollback from the command line, and a release whose errors
 * come after its page has drawn (the browser hides those of a script fetched without CORS). The
 * hosts' config.json files are put back as they were after each journey; the releases published
 * here are removed.
 */
const HOST_CONFIGS = ['shell', 'ops'].map((host) => path.join(ROOT, host, 'dist', 'config.json'));
const NEWS_DIST = path.join(ROOT, 'mf-news', 'dist');
/** This run's own names: a release once published never changes, and the last run's may still be there. */
const RUN = Date.now().toString(36);
const published: string[] = [];
let originals: string[];

/** `npm run release -- …`, as the news team runs it, on the suite's hosts and database; answers what it printed. */
function npmRelease(...args: string[]): string {
  return execFileSync('npm', ['run', '--silent', 'release', '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...JSON.parse(process.env.E2E_API_ENV!), USER: 'news-team' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Publishes and releases a build of mf-news under a name of this run (`--canary`, `--from` as given). */
function releaseNews(name: string, ...options: string[]): string {
  const release = `e2e-${name}-${RUN}`;
  published.push(release);
  npmRelease('mf-news', release, ...options);
  return release;
}

/** What the shell's config.json names for mf-news now. */
const newsEntry = (): string | { stable: string; canary: string; percent: number } =>
  JSON.parse(fs.readFileSync(HOST_CONFIGS[0], 'utf8')).remotes.mf_news;

const newsOrigin = () => `http://127.0.0.1:${ports()['mf-news']}`;

/**
 * The views of mf-news the API stored (the suite's database) after row `since`, oldest first: what
 * each device's reports said, read where they arrive (a beacon sent as a page is left is not seen
 * by the browser's network events). The journeys' devices open one at a time, so the rows after a
 * device's first are its own.
 */
type StoredView = { id: number; release: string; side: string; fallback: number };
const Database = require('better-sqlite3');
function stored<Row>(sql: string, ...params: unknown[]): Row[] {
  const db = new Database(process.env.E2E_DATABASE_FILE, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as Row[];
  } finally {
    db.close();
  }
}
const newsViews = (since: number) =>
  stored<StoredView>("SELECT id, release, side, fallback FROM telemetry_views WHERE remote = 'mf_news' AND id > ? ORDER BY id", since);
const lastView = () => stored<{ id: number | null }>('SELECT max(id) AS id FROM telemetry_views')[0].id ?? 0;

/** A phone that has never opened the app: a browser context of its own (its own storage, so its own device id), or one seen before (`state`). */
interface Device {
  context: BrowserContext;
  page: Page;
  /** The releases of mf-news whose manifests it asked for, in order. */
  manifests: string[];
  /** The last view stored before it opened: its own are after it. */
  since: number;
  /** Answers of mf-news's files, by URL. */
  statuses: Map<string, number>;
}

async function device(browser: Browser, state?: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<Device> {
  const context = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'block', storageState: state });
  const page = await context.newPage();
  const found: Device = { context, page, manifests: [], since: lastView(), statuses: new Map() };
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === newsOrigin() && url.pathname.endsWith('/mf-manifest.json')) found.manifests.push(releaseOf(request.url()));
  });
  context.on('response', (response) => {
    if (response.url().startsWith(newsOrigin())) found.statuses.set(response.url(), response.status());
  });
  return found;
}

const newsList = (page: Page) => page.goto(`${shellUrl()}#/pages/news/list`);
const errorView = (page: Page) => page.getByRole('alert').filter({ hasText: 'could not be loaded' });

/** The list drew: its heading, its articles, no error view. */
async function listDrawn(page: Page) {
  await expect(heading(page)).toHaveText('platform news');
  await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
  await expect(errorView(page)).toHaveCount(0);
}

/** Leaves the app (the page is hidden: its reports leave); waits until the API has stored `views` views of mf-news from it. */
async function leave(found: Device, views: number) {
  await found.page.goto('about:blank');
  await expect.poll(() => newsViews(found.since).length, { message: 'the views reported' }).toBeGreaterThanOrEqual(views);
}

test.beforeAll(() => {
  originals = HOST_CONFIGS.map((file) => fs.readFileSync(file, 'utf8'));
});
test.afterEach(async () => {
  HOST_CONFIGS.forEach((file, i) => fs.writeFileSync(file, originals[i]));
  await closeConsoleWindows();
});
test.afterAll(() => {
  for (const release of published) fs.rmSync(path.join(NEWS_DIST, 'releases', release), { recursive: true, force: true });
});

test('51a. a canary at 50 %: of 20 fresh devices some draw it and some the stable, each stays on its side, every view reported with its release', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const stable = releaseOf(newsEntry() as string);
  const canary = releaseNews('canary', '--canary', '50');
  expect(newsEntry()).toEqual({
    stable: expect.stringContaining(`/releases/${stable}/`),
    canary: expect.stringContaining(`/releases/${canary}/`),
    percent: 50,
  });

  const drew = { [stable]: 0, [canary]: 0 };
  for (let i = 0; i < 20; i += 1) {
    const phone = await device(browser);
    await newsList(phone.page);
    await listDrawn(phone.page);
    const side = phone.manifests[0];
    expect([stable, canary]).toContain(side);
    // Reloaded, the device stays where it was.
    await phone.page.reload();
    await listDrawn(phone.page);
    await leave(phone, 2);
    expect(new Set(phone.manifests)).toEqual(new Set([side]));
    for (const view of newsViews(phone.since)) expect(view).toMatchObject({ release: side, side: side === canary ? 'canary' : 'stable' });
    drew[side] += 1;
    await phone.context.close();
  }
  expect(drew[stable]).toBeGreaterThan(0);
  expect(drew[canary]).toBeGreaterThan(0);
  npmRelease('rollback', 'mf-news');
  expect(newsEntry()).toContain(`/releases/${stable}/`);
});

test('51b. a canary whose entry answers 404 is replaced by stable on that device, with no error view, and says so', async ({ browser }) => {
  test.setTimeout(180_000);
  const stable = releaseOf(newsEntry() as string);
  const canary = releaseNews('no-entry', '--canary', '50');
  // The deploy lost the entry: its manifest answers, the file it names does not.
  const folder = path.join(NEWS_DIST, 'releases', canary);
  for (const file of fs.readdirSync(folder)) if (file.startsWith('remoteEntry.')) fs.rmSync(path.join(folder, file));

  let phone: Device | null = null;
  for (let tries = 0; tries < 15 && !phone; tries += 1) {
    const fresh = await device(browser);
    await newsList(fresh.page);
    await listDrawn(fresh.page);
    if (fresh.manifests.includes(canary)) phone = fresh;
    else await fresh.context.close();
  }
  if (!phone) throw new Error('no device of 15 was drawn to the canary');
  expect(phone.manifests[0]).toBe(canary);
  expect(phone.manifests.at(-1)).toBe(stable);
  expect([...phone.statuses].filter(([url, status]) => url.includes(`/releases/${canary}/remoteEntry.`) && status === 404)).not.toEqual([]);
  // On that device the canary stays given up: a reload goes to stable at once.
  const asked = phone.manifests.length;
  await phone.page.reload();
  await listDrawn(phone.page);
  expect(new Set(phone.manifests.slice(asked))).toEqual(new Set([stable]));
  await leave(phone, 2);
  expect(newsViews(phone.since)[0]).toMatchObject({ release: stable, fallback: 1 });
  await phone.context.close();
  npmRelease('rollback', 'mf-news');
});

test('51c. a canary that throws on its page is stopped by the API within the views, every device then draws stable, and the Releases screen shows why and where', async ({
  browser,
}, testInfo) => {
  test.setTimeout(600_000);
  // The news team's build whose list throws while drawing.
  const team = teamCheckout('news-broken', 'mf-news');
  let throwsAt = 0;
  team.edit('mf-news/src/pages/NewsList.tsx', (text) => {
    const edited = text.replace(
      '  const locale = useLocale();\n  return <News key={locale} />;',
      "  const locale = useLocale();\n  if (locale) throw new Error('the news list is broken in this release');\n  return <News key={locale} />;",
    );
    throwsAt = edited.split('\n').findIndex((line) => line.includes('is broken in this release')) + 1;
    return edited;
  });
  team.build();

  // An API that judges a canary after 10 views (200 in production), which the pages report to.
  const api = await siblingApi({ RELEASE_ABORT_MIN_VIEWS: '10' });
  try {
    fs.writeFileSync(HOST_CONFIGS[0], JSON.stringify({ ...JSON.parse(originals[0]), apiBaseURL: api.url }, null, 2));
    const stable = releaseOf(newsEntry() as string);
    const canary = releaseNews('broken', '--canary', '50', '--from', path.join(team.root, 'mf-news', 'dist'));

    const seen: Array<Awaited<ReturnType<BrowserContext['storageState']>>> = [];
    for (let i = 0; i < 80 && typeof newsEntry() !== 'string'; i += 1) {
      const phone = await device(browser);
      await newsList(phone.page);
      await expect(heading(phone.page)).toHaveText('platform news');
      const side = phone.manifests.at(-1);
      if (side === canary) await expect(errorView(phone.page)).toBeVisible();
      else await listDrawn(phone.page);
      await leave(phone, 1);
      seen.push(await phone.context.storageState());
      await phone.context.close();
    }
    await expect.poll(newsEntry, { message: 'the canary stopped by the API' }).toContain(`/releases/${stable}/`);
    // The error was told against the release whose code threw.
    expect(stored("SELECT kind FROM telemetry_errors WHERE remote = 'mf_news' AND release = ?", canary)).toContainEqual({ kind: 'render' });

    // The next load on every device draws stable.
    for (const state of seen) {
      const phone = await device(browser, state);
      await newsList(phone.page);
      await listDrawn(phone.page);
      expect(new Set(phone.manifests)).toEqual(new Set([stable]));
      await phone.context.close();
    }

    const operator = await addOperator('release');
    const screen = await signIn(browser, operator);
    await screen.getByRole('navigation').getByRole('link', { name: 'Releases', exact: true }).click();
    const main = screen.getByRole('main');
    await expect(main.getByText('Canary stopped automatically').first()).toBeVisible();
    // Why, in figures: the canary's error rate over its views, beside its stable's.
    await expect(main.getByText(/canary [\d.,]+ errors per 1,000 views over \d+ views; stable [\d.,]+/).first()).toBeVisible();
    await expect(main.getByText(new RegExp(`src/pages/NewsList\\.tsx:${throwsAt}\\b`)).first()).toBeVisible();
    await screen.screenshot({ path: testInfo.outputPath('releases-screen.png'), fullPage: true });
  } finally {
    await api.stop();
    team.remove();
  }
});

test('51d. `npm run release -- rollback mf-news` puts the release before back for the next load; a borrower mid-session on the newer one keeps working', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const before = releaseOf(newsEntry() as string);
  const next = releaseNews('next');
  expect(newsEntry()).toContain(`/releases/${next}/`);

  const midSession = await device(browser);
  await newsList(midSession.page);
  await listDrawn(midSession.page);
  expect(new Set(midSession.manifests)).toEqual(new Set([next]));

  npmRelease('rollback', 'mf-news');
  expect(newsEntry()).toContain(`/releases/${before}/`);

  // The next load draws the release before.
  const fresh = await device(browser);
  await newsList(fresh.page);
  await listDrawn(fresh.page);
  expect(new Set(fresh.manifests)).toEqual(new Set([before]));
  await fresh.context.close();

  // The open page goes on in the newer release, whose files are still served.
  await midSession.page.getByRole('main').getByRole('link').first().click();
  await expect(heading(midSession.page)).toHaveText('news detail');
  await expect(errorView(midSession.page)).toHaveCount(0);
  expect([...midSession.statuses].filter(([, status]) => status >= 400)).toEqual([]);
  expect((await fetch(`${newsOrigin()}/releases/${next}/mf-manifest.json`)).status).toBe(200);
  await midSession.context.close();
});

test('51f. a release whose page fails after drawing (an error from a timer, a rejected promise) is told against that release, at its own lines', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // The news team's build whose list, once drawn, throws from a timer and leaves a promise rejected.
  const team = teamCheckout('news-later', 'mf-news');
  const lines: Record<string, number> = {};
  team.edit('mf-news/src/pages/NewsList.tsx', (text) => {
    const edited = text.replace(
      '  const locale = useLocale();\n  return <News key={locale} />;',
      [
        '  const locale = useLocale();',
        '  useEffect(() => {',
        '    const timer = setTimeout(() => {',
        "      throw new Error('the news list fails after drawing');",
        '    });',
        "    void Promise.resolve().then(() => Promise.reject(new Error('the news list gives up after drawing')));",
        '    return () => clearTimeout(timer);',
        '  }, []);',
        '  return <News key={locale} />;',
      ].join('\n'),
    );
    const lineOf = (words: string) => edited.split('\n').findIndex((line) => line.includes(words)) + 1;
    lines.fails = lineOf('fails after drawing');
    lines.givesUp = lineOf('gives up after drawing');
    return edited;
  });
  team.build();
  try {
    const release = releaseNews('later', '--from', path.join(team.root, 'mf-news', 'dist'));
    const phone = await device(browser);
    await newsList(phone.page);
    await listDrawn(phone.page);
    await leave(phone, 1);
    const told = () =>
      stored<{ kind: string; message: string; source: string | null }>(
        "SELECT kind, message, source FROM telemetry_errors WHERE remote = 'mf_news' AND release = ? ORDER BY message",
        release,
      );
    await expect.poll(told, { message: 'the errors told against the release' }).toHaveLength(2);
    expect(told()).toEqual([
      {
        kind: 'unhandled',
        message: 'Error: the news list fails after drawing',
        source: expect.stringContaining(`src/pages/NewsList.tsx:${lines.fails}:`),
      },
      {
        kind: 'unhandled',
        message: 'Error: the news list gives up after drawing',
        source: expect.stringContaining(`src/pages/NewsList.tsx:${lines.givesUp}:`),
      },
    ]);
    await phone.context.close();
  } finally {
    npmRelease('rollback', 'mf-news');
    team.remove();
  }
});
