import fs from 'node:fs';
import path from 'node:path';
import type { RemoteRelease } from '@instalment/contract/api';
import { DEFAULT_PAGE_SIZE, ENDPOINTS } from '@instalment/contract/api/endpoints';
import { callName } from '@instalment/host-sdk/http';
import { registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { registerAppRemotes, remoteRelease } from '@instalment/federation/loader';
import { loadConfig } from '../config';
import { EARLY_CALL_MAX_AGE_MS, openingPreloaded, takeEarly, takeEarlyCall, takeEarlyManifest } from './handover';
import { earlyTable } from './table';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));

const SCRIPT = fs.readFileSync(path.join(__dirname, 'inline.js'), 'utf8');
const REMOTES = {
  mf_account: 'http://127.0.0.1:3001/mf-manifest.json',
  mf_loan: 'http://127.0.0.1:3002/mf-manifest.json',
  mf_payment: 'http://127.0.0.1:3003/mf-manifest.json',
  mf_news: 'http://127.0.0.1:3004/deploy/7/mf-manifest.json',
};

/** A manifest as the federation plugin writes it, trimmed to what the inline script reads. */
function manifest(exposes: Array<[name: string, js: string[], css: string[]]>, pages: unknown[] = []) {
  return {
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.1a2b3c4d.js', path: '' }, pages },
    exposes: exposes.map(([name, js, css]) => ({
      path: `./${name}`,
      assets: { js: { sync: js, async: ['never.js'] }, css: { sync: css, async: [] } },
    })),
  };
}

const MANIFESTS: Record<string, unknown> = {
  [REMOTES.mf_account]: manifest([['Login', ['login.js'], []]]),
  [REMOTES.mf_loan]: manifest([
    ['HomeLoanWidget', ['372.js', 'widget.js'], ['widget.css']],
    ['Apply', ['372.js', 'apply.js'], ['apply.css']],
  ]),
  [REMOTES.mf_payment]: manifest([['Repayments', ['repayments.js'], []]]),
  [REMOTES.mf_news]: manifest(
    [
      ['LatestNews', ['latest.js'], ['latest.css']],
      ['Archive', ['archive.js'], []],
      ['Saved', ['saved.js'], []],
    ],
    [
      { path: '/pages/news/archive', module: './Archive' },
      { path: '/pages/news/saved', module: './Saved', needsLogin: true },
    ],
  ),
};

const answer = (body: unknown, status = 200) =>
  ({
    ok: status < 400,
    status,
    clone: () => answer(body, status),
    json: async () => body,
    text: async () => JSON.stringify(body),
  }) as unknown as Response;

let fetchMock: jest.Mock;

/** Runs the inline script as index.html does, on the given route. */
async function runEarlyScript({
  route = '',
  exposes = true,
  table = earlyTable(),
  config = { apiBaseURL: 'http://127.0.0.1:3100/', remotes: REMOTES as Record<string, RemoteRelease> },
  api = {} as Record<string, unknown>,
} = {}) {
  window.location.hash = route;
  fetchMock = jest.fn(async (url: string) => {
    if (url === 'config.json') return answer(config);
    if (url in MANIFESTS) return answer(MANIFESTS[url]);
    if (url in api) return answer(api[url]);
    throw new TypeError('Failed to fetch');
  });
  window.fetch = fetchMock;
  const script = document.createElement('script');
  script.setAttribute('data-exposes', exposes ? JSON.stringify(table) : '');
  script.textContent = SCRIPT;
  document.head.appendChild(script);
  await window.__instalmentEarlyManifests;
  await new Promise((resolve) => setTimeout(resolve, 0));
}

const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => `${link.as} ${link.href}`);
const preconnected = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preconnect"]')].map((link) => `${link.href} ${link.crossOrigin}`);
const requested = () => fetchMock.mock.calls.map(([url]) => url);

/** A session as the app stores it (SPEC §3), with its expiry in seconds. */
const logIn = (expires = Math.floor(Date.now() / 1000) + 3600) => {
  localStorage.setItem('token', 'a-token');
  localStorage.setItem('tokenExpireTime', String(expires));
};

afterEach(() => {
  document.head.innerHTML = '';
  localStorage.clear();
  delete window.__instalmentEarlySignIn;
  delete window.__instalmentEarly;
  delete window.__instalmentEarlyManifests;
  delete window.__instalmentEarlyPreloads;
  delete window.__instalmentEarlyCalls;
});

test('on home, config.json and every manifest are asked for once, and home’s two widgets are preloaded', async () => {
  await runEarlyScript();
  expect(requested()).toEqual(['config.json', ...Object.values(REMOTES)]);
  expect(fetchMock.mock.calls.every(([, init]) => init.cache === 'no-cache')).toBe(true);
  expect(preloaded()).toEqual([
    'script http://127.0.0.1:3002/remoteEntry.1a2b3c4d.js',
    'script http://127.0.0.1:3002/372.js',
    'script http://127.0.0.1:3002/widget.js',
    'style http://127.0.0.1:3002/widget.css',
    'script http://127.0.0.1:3004/deploy/7/remoteEntry.1a2b3c4d.js',
    'script http://127.0.0.1:3004/deploy/7/latest.js',
    'style http://127.0.0.1:3004/deploy/7/latest.css',
  ]);
  // Each the same request as the one that runs it: in CORS mode, so its errors are not muted.
  expect(new Set([...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => link.crossOrigin))).toEqual(
    new Set(['anonymous']),
  );
});

test('a deep link preloads its own page only', async () => {
  logIn();
  await runEarlyScript({ route: '#/pages/loan/apply?from=home' });
  expect(preloaded()).toEqual([
    'script http://127.0.0.1:3002/remoteEntry.1a2b3c4d.js',
    'script http://127.0.0.1:3002/372.js',
    'script http://127.0.0.1:3002/apply.js',
    'style http://127.0.0.1:3002/apply.css',
  ]);
  expect(window.__instalmentEarlySignIn).toBe(false);
});

test('a page that needs a session the device lacks preloads the login page too, and the first paint is told', async () => {
  logIn(Math.floor(Date.now() / 1000) - 1);
  await runEarlyScript({ route: '#/pages/loan/apply' });
  expect(preloaded()).toEqual([
    'script http://127.0.0.1:3001/remoteEntry.1a2b3c4d.js',
    'script http://127.0.0.1:3001/login.js',
    'script http://127.0.0.1:3002/remoteEntry.1a2b3c4d.js',
    'script http://127.0.0.1:3002/372.js',
    'script http://127.0.0.1:3002/apply.js',
    'style http://127.0.0.1:3002/apply.css',
  ]);
  expect(window.__instalmentEarlySignIn).toBe(true);
});

test('a page only a remote publishes is preloaded from its manifest, with the login page when it needs a session', async () => {
  await runEarlyScript({ route: '#/pages/news/archive' });
  await openingPreloaded(5_000);
  expect(preloaded()).toEqual([
    'script http://127.0.0.1:3004/deploy/7/remoteEntry.1a2b3c4d.js',
    'script http://127.0.0.1:3004/deploy/7/archive.js',
  ]);

  document.head.innerHTML = '';
  await runEarlyScript({ route: '#/pages/news/saved' });
  await openingPreloaded(5_000);
  expect(preloaded().sort()).toEqual(
    [
      'script http://127.0.0.1:3001/remoteEntry.1a2b3c4d.js',
      'script http://127.0.0.1:3001/login.js',
      'script http://127.0.0.1:3004/deploy/7/remoteEntry.1a2b3c4d.js',
      'script http://127.0.0.1:3004/deploy/7/saved.js',
    ].sort(),
  );
});

test('a path nobody publishes preloads nothing', async () => {
  await runEarlyScript({ route: '#/pages/nowhere' });
  await openingPreloaded(5_000);
  expect(preloaded()).toEqual([]);
});

test('a page with no remotes to preload (the monolith) asks for config.json alone', async () => {
  await runEarlyScript({ exposes: false });
  expect(requested()).toEqual(['config.json']);
  expect(preloaded()).toEqual([]);
});

test('the connection to the API that config.json names is opened before the app asks it anything', async () => {
  await runEarlyScript();
  expect(preconnected()).toEqual(['http://127.0.0.1:3100/ anonymous']);
  document.head.innerHTML = '';
  await runEarlyScript({ exposes: false });
  expect(preconnected()).toEqual(['http://127.0.0.1:3100/ anonymous']);
});

test('a manifest that cannot be fetched preloads nothing for that remote and is handed over as it failed', async () => {
  const broken = { ...REMOTES, mf_news: 'http://127.0.0.1:3999/mf-manifest.json' };
  await runEarlyScript({ config: { apiBaseURL: 'http://127.0.0.1:3100', remotes: broken } });
  expect(preloaded().some((line) => line.includes(':3999'))).toBe(false);
  await expect(takeEarlyManifest(broken.mf_news)).rejects.toThrow('Failed to fetch');
});

test('a remote in its canary form is left to the loader, which asks for this device’s release once; the others’ early answers are taken', async () => {
  const canary = 'http://127.0.0.1:3004/releases/1.5.0/mf-manifest.json';
  MANIFESTS[canary] = MANIFESTS[REMOTES.mf_news];
  const remotes = { ...REMOTES, mf_news: { stable: REMOTES.mf_news, canary, percent: 100 } };
  await runEarlyScript({ config: { apiBaseURL: 'http://127.0.0.1:3100', remotes } });
  expect(requested()).toEqual(['config.json', REMOTES.mf_account, REMOTES.mf_loan, REMOTES.mf_payment]);
  expect(preloaded().some((line) => line.includes(':3004'))).toBe(false);

  // As boot.ts hands them over: the loader draws the canary here, and reads its manifest itself.
  const config = await loadConfig();
  registerAppRemotes(config.remotes, takeEarlyManifest);
  expect(jest.mocked(registerRemotes).mock.calls.at(-1)?.[0]).toContainEqual({ name: 'mf_news', entry: canary });
  expect(remoteRelease('mf_news')).toMatchObject({ release: '1.5.0', side: 'canary' });
  const [plugin] = jest.mocked(registerPlugins).mock.calls.at(-1)?.[0] as ModuleFederationRuntimePlugin[];
  globalThis.Response = class {} as typeof Response;
  await plugin.fetch!(REMOTES.mf_loan, {});
  await plugin.fetch!(canary, {});
  expect(requested()).toEqual(['config.json', REMOTES.mf_account, REMOTES.mf_loan, REMOTES.mf_payment, canary]);
  delete MANIFESTS[canary];
});

test('each early answer is handed over once, so a retry fetches afresh', async () => {
  await runEarlyScript();
  expect(takeEarly('config.json')).toBeDefined();
  expect(takeEarly('config.json')).toBeUndefined();
  await expect(takeEarlyManifest(REMOTES.mf_loan)).resolves.toMatchObject({ ok: true });
  await expect(takeEarlyManifest(REMOTES.mf_loan)).resolves.toBeUndefined();
});

test('without the inline script there is nothing to hand over', async () => {
  expect(takeEarly('config.json')).toBeUndefined();
  await expect(takeEarlyManifest(REMOTES.mf_loan)).resolves.toBeUndefined();
});

test('the shell waits for the opening route’s files to be asked for, and no longer', async () => {
  let asked = false;
  const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  window.__instalmentEarlyPreloads = later(20).then(() => void (asked = true));
  await openingPreloaded(5_000);
  expect(asked).toBe(true);

  // Never settles: only the cap ends the wait (without it this test would hang).
  window.__instalmentEarlyPreloads = new Promise<void>(() => {});
  await expect(openingPreloaded(30)).resolves.toBeUndefined();
});

test('without the inline script the shell does not wait at all', async () => {
  let waited = false;
  const done = openingPreloaded(5_000).then(() => (waited = true));
  await Promise.resolve();
  await Promise.resolve();
  expect(waited).toBe(true);
  await done;
});

test('on home, the wait ends once both widgets’ files are asked for', async () => {
  await runEarlyScript();
  await openingPreloaded(5_000);
  expect(preloaded()).toHaveLength(7);
});

describe("the opening route's calls", () => {
  const API = 'http://127.0.0.1:3100';
  const apiCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith(API));
  const started = () => Object.keys(window.__instalmentEarlyCalls ?? {});

  test('a deep link starts its calls with the session’s token, named as the HTTP client names them', async () => {
    logIn();
    await runEarlyScript({ route: '#/pages/news/list' });
    const name = callName(ENDPOINTS.newsIndex, { page: 1, limit: DEFAULT_PAGE_SIZE });
    expect(started()).toEqual([name]);
    expect(apiCalls()).toEqual([[`${API}${name}`, { headers: { token: 'a-token' }, credentials: 'omit' }]]);
    expect(window.__instalmentEarlyCalls?.[name].token).toBe('a-token');
  });

  test("the news list's first cover is fetched as soon as its answer names it, as its <img> will ask", async () => {
    const news = (cover: string) => ({
      code: 1,
      msg: 'ok',
      data: {
        list: [
          { id: 7, cover },
          { id: 6, cover: '/static/news/b.svg' },
        ],
      },
    });
    const url = `${API}${callName(ENDPOINTS.newsIndex, { page: 1, limit: DEFAULT_PAGE_SIZE })}`;
    await runEarlyScript({ route: '#/pages/news/list', api: { [url]: news(`${API}/static/news/a.svg`) } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const images = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')]
        .filter((link) => link.as === 'image')
        .map((link) => `${link.href} ${link.crossOrigin}`);
    expect(images()).toEqual([`${API}/static/news/a.svg null`]);
    document.head.innerHTML = '';
    // A first article without a cover: the first cover is the next one's, as relative as an <img>'s.
    await runEarlyScript({ route: '#/pages/news/list', api: { [url]: news('') } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(images()).toEqual([`${new URL('/static/news/b.svg', window.location.href).href} null`]);
    document.head.innerHTML = '';
    await runEarlyScript({ route: '#/pages/news/list', api: { [url]: { code: 1, msg: 'ok', data: { list: [{ id: 7, cover: '' }] } } } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(images()).toEqual([]);
  });

  test('a page that opens with two calls starts both', async () => {
    logIn();
    await runEarlyScript({ route: '#/pages/loan/apply' });
    expect(started().sort()).toEqual([ENDPOINTS.credit, ENDPOINTS.loanRates].sort());
  });

  test('a call made of the route’s query takes it from there; a query holding more starts nothing', async () => {
    logIn();
    await runEarlyScript({ route: '#/pages/payment/repay?order_no=L 1' });
    expect(started()).toEqual([callName(ENDPOINTS.installments, { order_no: 'L 1' })]);
    delete window.__instalmentEarlyCalls;
    await runEarlyScript({ route: '#/pages/payment/repay?order_no=L1&result=success&payment_no=P1' });
    expect(started()).toEqual([]);
    await runEarlyScript({ route: '#/pages/payment/repay' });
    expect(started()).toEqual([]);
  });

  test('the news opens in the language the reader chose in the app: its calls ask for it, an unknown choice is not sent', async () => {
    localStorage.setItem('locale', 'zh-CN');
    await runEarlyScript({ route: '#/pages/news/list' });
    expect(apiCalls()).toEqual([
      [expect.stringContaining(ENDPOINTS.newsIndex), { headers: { 'Accept-Language': 'zh-CN' }, credentials: 'omit' }],
    ]);
    fetchMock.mockClear();
    localStorage.setItem('locale', 'fr');
    await runEarlyScript({ route: '#/pages/news/list' });
    expect(apiCalls()).toEqual([[expect.stringContaining(ENDPOINTS.newsIndex), { headers: {}, credentials: 'omit' }]]);
  });

  test('a visit that will open on login starts none of its page’s calls; a public page’s go without a token', async () => {
    await runEarlyScript({ route: '#/pages/loan/apply' });
    expect(apiCalls()).toEqual([]);
    await runEarlyScript({ route: '#/pages/news/list' });
    expect(apiCalls()).toEqual([[expect.stringContaining(ENDPOINTS.newsIndex), { headers: {}, credentials: 'omit' }]]);
  });

  test('a page whose table names no remote module (the bench’s monolith with this first paint) asks for no manifest, only its calls', async () => {
    logIn();
    await runEarlyScript({ route: '#/pages/news/list', table: { ...earlyTable(), exposes: {} } });
    expect(requested()).toEqual(['config.json', `${API}${callName(ENDPOINTS.newsIndex, { page: 1, limit: DEFAULT_PAGE_SIZE })}`]);
    expect(preloaded()).toEqual([]);
  });

  test('the monolith’s page (no table) starts no call', async () => {
    logIn();
    await runEarlyScript({ route: '#/pages/news/list', exposes: false });
    expect(apiCalls()).toEqual([]);
  });

  test('an answer is taken once, by a call with the same token, while it is fresh', async () => {
    const answer = Promise.resolve({ ok: true } as Response);
    const now = performance.now();
    window.__instalmentEarlyCalls = {
      '/a': { token: 't', at: now, answer },
      '/b': { token: 't', at: now, answer },
      '/c': { token: 't', at: now - EARLY_CALL_MAX_AGE_MS - 1, answer },
    };
    expect(takeEarlyCall('/a', 't')).toBe(answer);
    expect(takeEarlyCall('/a', 't')).toBeUndefined();
    expect(takeEarlyCall('/b', 'another')).toBeUndefined();
    expect(takeEarlyCall('/b', 't')).toBeUndefined();
    expect(takeEarlyCall('/c', 't')).toBeUndefined();
    expect(takeEarlyCall('/d', 't')).toBeUndefined();
  });
});
