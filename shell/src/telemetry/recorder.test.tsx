import { Blob as NodeBlob } from 'node:buffer';
import { act, render, screen } from '@testing-library/react';
import { Value } from '@sinclair/typebox/value';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { TELEMETRY_LIMITS, type TelemetryBatch } from '@instalment/contract/api';
import { TelemetryBatch as BatchSchema } from '@instalment/contract/api/schemas';
import { HostContext, type Host } from '@instalment/host-sdk/host';
import { LocaleStore } from '@instalment/host-sdk/locale';
import { loadExposed, registerAppRemotes, RemoteView, type RuntimeConfig } from '@instalment/federation/loader';
import { App } from '../app/App';
import { NavigationBridge } from '../app/navigation';
import { createShellHost } from '../host/createShellHost';
import { startTelemetry } from './recorder';
import { recordView } from './views';
import { watchVitals } from './vitals';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(async () => undefined),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));
jest.mock('./vitals', () => ({ watchVitals: jest.fn() }));

const NEWS_CANARY = 'http://news.test/releases/1.5.0/mf-manifest.json';
const NEWS_STABLE = 'http://news.test/releases/1.4.0/mf-manifest.json';
/** mf_news runs a canary every device draws; the others are served at their origins' roots. */
const CONFIG: RuntimeConfig = {
  apiBaseURL: 'http://api.test',
  remotes: {
    mf_account: 'http://account.test/mf-manifest.json',
    mf_loan: 'http://loan.test/mf-manifest.json',
    mf_payment: 'http://payment.test/mf-manifest.json',
    mf_news: { stable: NEWS_STABLE, canary: NEWS_CANARY, percent: 100 },
  },
  telemetrySample: 1,
};
const PHONE = '13800138000';
const NEWS_FILE = 'http://news.test/releases/1.5.0/__federation_expose_NewsDetail.3f2a9c1d.js';
const SHELL_FILE = 'http://localhost/main.a6de5825.js';

// jsdom's Blob cannot be read back; Node's, the same standard, can.
Object.assign(globalThis, { Blob: NodeBlob });
const sendBeacon = jest.fn((_url: string, _body: Blob) => true);
Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });

/** What left the browser, beacon by beacon: the address, the body's type and the body. */
const beacons = () => Promise.all(sendBeacon.mock.calls.map(async ([url, blob]) => ({ url, type: blob.type, text: await blob.text() })));
const batches = async () => (await beacons()).map(({ text }) => JSON.parse(text) as TelemetryBatch);

function hide() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
  delete (document as { visibilityState?: unknown }).visibilityState;
}

/** An error as a browser builds it: its stack's frames in the files named, top first. */
function thrown(message: string, files: string[], name = 'TypeError') {
  const error = new Error(message);
  error.name = name;
  error.stack = [`${name}: ${message}`, ...files.map((file, i) => `    at f${i} (${file}:${i + 1}:${10 * i + 7})`)].join('\n');
  return error;
}

let stop: () => void = () => {};
beforeEach(() => {
  jest.useFakeTimers();
  sendBeacon.mockClear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/#/');
  jest.mocked(loadRemote).mockReset();
  jest.mocked(watchVitals).mockReset();
  registerAppRemotes(CONFIG.remotes);
});
afterEach(() => {
  stop();
  jest.useRealTimers();
});

test('each route opened is a view named by its pattern, with the remote and release that drew it; the landing view leaves with its web-vitals when the page is hidden', async () => {
  jest.mocked(loadRemote).mockResolvedValue({ default: () => <p>a news page</p> });
  jest.mocked(watchVitals).mockImplementation((report) => {
    report('ttfb', 80);
    report('lcp', 1240);
    report('cls', 0.02);
    report('inp', 96);
  });
  window.history.replaceState(null, '', `/#/pages/news/detail?id=${PHONE}`);
  stop = startTelemetry(CONFIG);
  const navigation = new NavigationBridge();
  render(<App host={createShellHost(CONFIG, navigation)} navigation={navigation} />);
  expect(await screen.findByText('a news page')).toBeInTheDocument();
  act(() => navigation.navigate('/pages/news/list?page=2'));
  act(() => navigation.navigate(`/pages/news/detail?id=${PHONE}7`));
  // web-vitals arrives at the first idle moment.
  await act(async () => jest.advanceTimersByTimeAsync(1));
  expect(sendBeacon).not.toHaveBeenCalled();

  hide();
  const [beacon] = await beacons();
  expect(beacon).toMatchObject({ url: 'http://api.test/api/telemetry', type: 'text/plain;charset=utf-8' });
  const drawn = { remote: 'mf_news', release: '1.5.0', side: 'canary' };
  expect(JSON.parse(beacon.text)).toEqual({
    views: [
      { ...drawn, route: '/pages/news/detail', ttfb: 80, lcp: 1240, cls: 0.02, inp: 96 },
      { ...drawn, route: '/pages/news/list' },
      { ...drawn, route: '/pages/news/detail' },
    ],
    errors: [],
  });
  expect(beacon.text).not.toContain(PHONE);
  expect(beacon.text).not.toContain('?');
});

test('a route a visitor is sent away from, for want of a session, is not a view; the login page is', async () => {
  jest.mocked(loadRemote).mockResolvedValue({ default: () => <p>a page</p> });
  window.history.replaceState(null, '', '/#/pages/loan/detail?order_no=L1');
  stop = startTelemetry(CONFIG);
  const navigation = new NavigationBridge();
  render(<App host={createShellHost(CONFIG, navigation)} navigation={navigation} />);
  expect(await screen.findByText('a page')).toBeInTheDocument();

  hide();
  expect((await batches()).flatMap((batch) => batch.views)).toEqual([
    { remote: 'mf_account', release: 'unversioned', route: '/pages/login/login', side: 'stable' },
  ]);
});

test('a page that throws while drawing is reported against its remote, release and route', async () => {
  const Broken = () => {
    throw thrown('cannot read loan', [`${NEWS_FILE}?v=2#x`, SHELL_FILE]);
  };
  jest.spyOn(console, 'error').mockImplementation(() => {});
  stop = startTelemetry(CONFIG);
  recordView('/pages/news/detail', 'mf_news');
  render(
    <HostContext.Provider value={{ locale: new LocaleStore(null, ['en']) } as unknown as Host}>
      <RemoteView id="mf_news/./NewsDetail" load={async () => ({ default: Broken })} props={{}} />
    </HostContext.Provider>,
  );
  await act(async () => {});
  expect(screen.getByRole('alert')).toBeInTheDocument();

  hide();
  const [{ errors }] = await batches();
  expect(errors).toEqual([
    {
      remote: 'mf_news',
      release: '1.5.0',
      route: '/pages/news/detail',
      kind: 'render',
      message: 'TypeError: cannot read loan',
      frames: [
        { file: NEWS_FILE, line: 1, column: 7 },
        { file: SHELL_FILE, line: 2, column: 17 },
      ],
    },
  ]);
});

test("an unhandled error or rejection is blamed on the remote of its first frame in a remote's files; the shell's own are not reported", async () => {
  stop = startTelemetry(CONFIG);
  recordView('/pages/loan/apply', 'mf_loan');
  // The shell's HTTP client, called from the loan page: the page's remote is to blame.
  window.dispatchEvent(
    new ErrorEvent('error', { error: thrown('bad answer', [SHELL_FILE, 'http://loan.test/412.c0ffee12.js', NEWS_FILE]) }),
  );
  window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: thrown('gone', [NEWS_FILE], 'ReferenceError') }));
  window.dispatchEvent(new ErrorEvent('error', { error: thrown('shell bug', [SHELL_FILE]) }));
  // A remote's script served without CORS: the browser hides the error ("Script error.").
  window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.', error: null }));
  window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'no stack' }));
  window.dispatchEvent(
    new ErrorEvent('error', {
      error: thrown(
        'deep',
        Array.from({ length: 30 }, () => NEWS_FILE),
      ),
    }),
  );

  hide();
  const [{ errors }] = await batches();
  expect(errors.map(({ remote, release, route, kind, message }) => ({ remote, release, route, kind, message }))).toEqual([
    { remote: 'mf_loan', release: 'unversioned', route: '/pages/loan/apply', kind: 'unhandled', message: 'TypeError: bad answer' },
    { remote: 'mf_news', release: '1.5.0', route: '/pages/loan/apply', kind: 'unhandled', message: 'ReferenceError: gone' },
    { remote: 'mf_news', release: '1.5.0', route: '/pages/loan/apply', kind: 'unhandled', message: 'TypeError: deep' },
  ]);
  expect(errors[0].frames.map((frame) => frame.file)).toEqual([SHELL_FILE, 'http://loan.test/412.c0ffee12.js', NEWS_FILE]);
  expect(errors[2].frames).toHaveLength(20);
});

test('a load that fails is reported; a canary that fails gives way to stable, and its views say so', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  stop = startTelemetry(CONFIG);
  recordView('/pages/loan/apply', 'mf_loan');
  jest.mocked(loadRemote).mockRejectedValue(new Error('ScriptNetworkError: http://loan.test/remoteEntry.1a2b3c4d.js'));
  await expect(loadExposed('mf_loan', './Apply')).rejects.toThrow();
  jest
    .mocked(loadRemote)
    .mockRejectedValueOnce(new Error('canary entry 404'))
    .mockResolvedValueOnce({ default: () => null });
  await loadExposed('mf_news', './NewsList');
  recordView('/pages/news/list', 'mf_news');

  hide();
  const [{ views, errors }] = await batches();
  expect(views).toEqual([
    { remote: 'mf_loan', release: 'unversioned', route: '/pages/loan/apply', side: 'stable' },
    { remote: 'mf_news', release: '1.4.0', route: '/pages/news/list', side: 'canary', fallback: true },
  ]);
  expect(errors).toMatchObject([
    {
      remote: 'mf_loan',
      release: 'unversioned',
      route: '/pages/loan/apply',
      kind: 'load',
      message: 'Error: ScriptNetworkError: http://loan.test/remoteEntry.#a#b#c#d.js',
    },
  ]);
});

test('what leaves holds no phone number and no query string', async () => {
  stop = startTelemetry(CONFIG);
  recordView('/pages/news/detail', 'mf_news');
  window.dispatchEvent(
    new ErrorEvent('error', {
      error: thrown(`GET http://api.test/api/user/index?mobile=${PHONE}&token=s3cr3t failed for ${PHONE}`, [
        `${NEWS_FILE}?mobile=${PHONE}`,
      ]),
    }),
  );

  hide();
  const [{ text }] = await beacons();
  const [{ errors }] = await batches();
  expect(errors[0].message).toBe('TypeError: GET http://api.test/api/user/index failed for #');
  expect(text).not.toContain(PHONE);
  expect(text).not.toContain('mobile=');
  expect(text).not.toContain('token');
  expect(text).not.toContain('?');
});

test("at most a batch's worth waits in memory, and it leaves in beacons the server takes, each within the limits", async () => {
  stop = startTelemetry(CONFIG);
  for (let i = 0; i < 60; i += 1) recordView('/pages/news/list', 'mf_news');
  const longest = `http://news.test/releases/1.5.0/${'a'.repeat(300 - 'http://news.test/releases/1.5.0/.js'.length)}.js`;
  for (let i = 0; i < 25; i += 1) {
    window.dispatchEvent(
      new ErrorEvent('error', {
        error: thrown(
          'x'.repeat(300),
          Array.from({ length: 25 }, () => longest),
        ),
      }),
    );
  }

  hide();
  const sent = await beacons();
  expect(sent.length).toBeGreaterThan(1);
  for (const { text } of sent) {
    expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(TELEMETRY_LIMITS.bytes);
    expect(Value.Check(BatchSchema, JSON.parse(text))).toBe(true);
  }
  const all = await batches();
  // The landing view and the 50 a batch holds; the errors a batch holds.
  expect(all.flatMap((batch) => batch.views)).toHaveLength(1 + TELEMETRY_LIMITS.views);
  expect(all.flatMap((batch) => batch.errors)).toHaveLength(TELEMETRY_LIMITS.errors);
});

test('ten waiting leave at the next idle moment, fewer within 30 s; a page left sends what waits, the landing view once it is hidden', async () => {
  stop = startTelemetry(CONFIG);
  recordView('/pages/news/detail', 'mf_news');
  for (let i = 0; i < 10; i += 1) recordView('/pages/news/list', 'mf_news');
  await act(async () => jest.advanceTimersByTimeAsync(1));
  expect((await batches()).map((batch) => batch.views.length)).toEqual([10]);

  recordView('/pages/news/list', 'mf_news');
  await act(async () => jest.advanceTimersByTimeAsync(29_999));
  expect(sendBeacon).toHaveBeenCalledTimes(1);
  // 30 s, then the idle moment after.
  await act(async () => jest.advanceTimersByTimeAsync(10));
  expect((await batches()).map((batch) => batch.views.length)).toEqual([10, 1]);

  recordView('/pages/news/list', 'mf_news');
  window.dispatchEvent(new Event('pagehide'));
  expect((await batches()).at(-1)?.views.map((view) => view.route)).toEqual(['/pages/news/list']);
  hide();
  expect((await batches()).at(-1)?.views.map((view) => view.route)).toEqual(['/pages/news/detail']);
  expect(sendBeacon).toHaveBeenCalledTimes(4);
});

test("a visit that lands on the shell's home reports its later views, and never fetches web-vitals", async () => {
  stop = startTelemetry(CONFIG);
  recordView('/', undefined);
  recordView('/pages/news/list', 'mf_news');
  await act(async () => jest.advanceTimersByTimeAsync(60_000));
  hide();
  expect(watchVitals).not.toHaveBeenCalled();
  expect((await batches()).flatMap((batch) => batch.views.map((view) => view.route))).toEqual(['/pages/news/list']);
});

test('a device outside the sample sends nothing', async () => {
  stop = startTelemetry({ ...CONFIG, telemetrySample: 0 });
  recordView('/pages/news/detail', 'mf_news');
  window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: thrown('gone', [NEWS_FILE]) }));
  await act(async () => jest.advanceTimersByTimeAsync(60_000));
  hide();
  expect(sendBeacon).not.toHaveBeenCalled();
});
