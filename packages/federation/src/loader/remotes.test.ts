import {
  loadRemote,
  preloadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { BUNDLER_RUNTIME_VERSION } from '../runtime/bundlerRuntime';
import { IDLE_FETCH_MARK } from './idleFetchMark';
import {
  loadedExposed,
  loadExposed,
  loadExposedAtIdle,
  preloadExposed,
  prepareExposed,
  registerAppRemotes,
  type RemoteEntries,
} from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(async () => ({ default: 'page' })),
  preloadRemote: jest.fn(async () => undefined),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));

const asked = () => jest.mocked(preloadRemote).mock.calls.map(([[options]]) => `${options.nameOrAlias} ${options.exposes?.join()}`);

test('a page is preloaded once, and not at all once it has been loaded', async () => {
  preloadExposed('mf_payment', './Repayments');
  preloadExposed('mf_payment', './Repayments');
  await loadExposed('mf_account', './Profile');
  preloadExposed('mf_account', './Profile');
  expect(asked()).toEqual(['mf_payment Repayments']);
  expect(loadRemote).toHaveBeenCalledWith('mf_account/Profile');
});

test('a page fetched at idle is preloaded and run once, after the idle mark; one loaded already fetches nothing and sets no mark', async () => {
  const mark = jest.spyOn(performance, 'mark');
  const marks = () => mark.mock.calls.filter(([name]) => name === IDLE_FETCH_MARK);
  await loadExposed('mf_news', './NewsDetail');
  jest.mocked(preloadRemote).mockClear();
  jest.mocked(loadRemote).mockClear();
  await loadExposedAtIdle('mf_news', './NewsDetail');
  expect(marks()).toHaveLength(0);
  expect(preloadRemote).not.toHaveBeenCalled();
  expect(loadRemote).not.toHaveBeenCalled();

  await loadExposedAtIdle('mf_payment', './RepaymentList');
  expect(marks()).toHaveLength(1);
  expect(asked()).toEqual(['mf_payment RepaymentList']);
  expect(jest.mocked(loadRemote).mock.calls).toEqual([['mf_payment/RepaymentList']]);
  expect(loadedExposed('mf_payment', './RepaymentList')).toEqual({ default: 'page' });
  await loadExposedAtIdle('mf_payment', './RepaymentList');
  await loadExposedAtIdle('mf_account', './Settings');
  expect(jest.mocked(loadRemote).mock.calls).toEqual([['mf_payment/RepaymentList'], ['mf_account/Settings']]);
  expect(marks()).toHaveLength(1);
});

test("a remote's files are asked for in CORS mode, so the errors their code throws reach the telemetry unmuted", () => {
  registerAppRemotes({} as RemoteEntries);
  const plugin = jest.mocked(registerPlugins).mock.calls.at(-1)?.[0]?.[0] as ModuleFederationRuntimePlugin;
  const script: Record<string, string> = {};
  plugin.createScript?.({ url: 'http://x.test/remoteEntry.js', attrs: script, remoteInfo: { name: 'mf_news' } as never });
  const link: Record<string, string> = { rel: 'preload' };
  plugin.createLink?.({ url: 'http://x.test/page.css', attrs: link, remoteInfo: { name: 'mf_news' } as never });
  expect([script.crossorigin, link.crossorigin]).toEqual(['anonymous', 'anonymous']);
});

test("the files of a page fetched at idle are asked at low priority, and a page's opened for the reader are left as the runtime asks", async () => {
  registerAppRemotes({} as RemoteEntries);
  const plugin = jest.mocked(registerPlugins).mock.calls.at(-1)?.[0]?.[0] as ModuleFederationRuntimePlugin;
  const script = (remote: string) => {
    const attrs: Record<string, string> = { fetchpriority: 'high' };
    plugin.createScript?.({ url: 'http://x.test/remoteEntry.js', attrs, remoteInfo: { name: remote } as never });
    return attrs.fetchpriority;
  };
  let finish: (page: unknown) => void = () => undefined;
  jest.mocked(loadRemote).mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
  const atIdle = loadExposedAtIdle('mf_loan', './LoanList');
  expect(script('mf_loan')).toBe('low');
  expect(script('mf_news')).toBe('high');
  const link: Record<string, string> = { rel: 'preload' };
  plugin.createLink?.({ url: 'http://x.test/page.js', attrs: link, remoteInfo: { name: 'mf_loan' } as never });
  expect(link.fetchpriority).toBe('low');
  finish({ default: 'page' });
  await atIdle;
  expect(script('mf_loan')).toBe('high');
});

test('a loaded module is at hand by name afterwards; one prepared on pointer-down is loaded and run once', async () => {
  expect(loadedExposed('mf_news', './NewsList')).toBeUndefined();
  await loadExposed('mf_news', './NewsList');
  expect(loadedExposed('mf_news', './NewsList')).toEqual({ default: 'page' });

  jest.mocked(loadRemote).mockClear();
  prepareExposed('mf_loan', './Apply');
  prepareExposed('mf_news', './NewsList');
  await Promise.resolve();
  expect(jest.mocked(loadRemote).mock.calls).toEqual([['mf_loan/Apply']]);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(loadedExposed('mf_loan', './Apply')).toEqual({ default: 'page' });
});

test('a page prepared on pointer-down and opened by the click is one load; a failure is tried again from the remote afresh', async () => {
  registerAppRemotes({ mf_payment: 'http://payment.test/mf-manifest.json' } as RemoteEntries);
  jest.mocked(loadRemote).mockClear();
  jest.mocked(registerRemotes).mockClear();
  jest.mocked(loadRemote).mockRejectedValueOnce(new Error('chunk gone'));
  prepareExposed('mf_payment', './Repayments');
  await expect(loadExposed('mf_payment', './Repayments')).resolves.toEqual({ default: 'page' });
  expect(jest.mocked(loadRemote).mock.calls).toEqual([['mf_payment/Repayments'], ['mf_payment/Repayments']]);
  expect(registerRemotes).toHaveBeenCalledWith([expect.objectContaining({ name: 'mf_payment' })], { force: true });
  expect(loadedExposed('mf_payment', './Repayments')).toEqual({ default: 'page' });
});

test('a remote built with another minor release of the federation runtime is registered with its self-contained build before the runtime reads it; one of the same release is left as it is', async () => {
  const [major, minor] = BUNDLER_RUNTIME_VERSION.split('.').map(Number);
  const manifests: Record<string, unknown> = {
    'http://news.test/mf-manifest.json': { metaData: { bundlerRuntime: `${major}.${minor + 1}.0` } },
    'http://loan.test/mf-manifest.json': { metaData: { bundlerRuntime: BUNDLER_RUNTIME_VERSION } },
  };
  const answer = async (url: string) => ({ ok: true, text: async () => JSON.stringify(manifests[url]) }) as Response;
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  registerAppRemotes(
    { mf_news: 'http://news.test/mf-manifest.json', mf_loan: 'http://loan.test/mf-manifest.json' } as RemoteEntries,
    answer,
  );
  const plugin = jest.mocked(registerPlugins).mock.calls.at(-1)?.[0]?.[0] as ModuleFederationRuntimePlugin;
  jest.mocked(registerRemotes).mockClear();
  const runtime = { options: {}, origin: {} } as never;
  await plugin.beforeRequest?.({ id: 'mf_news/NewsList', ...(runtime as object) } as never);
  await plugin.beforePreloadRemote?.({
    preloadOps: [{ nameOrAlias: 'mf_loan' }, { nameOrAlias: 'mf_news' }],
    ...(runtime as object),
  } as never);
  await plugin.beforeRequest?.({ id: 'mf_news/NewsDetail', ...(runtime as object) } as never);
  expect(jest.mocked(registerRemotes).mock.calls).toEqual([
    [[{ name: 'mf_news', entry: 'http://news.test/self/mf-manifest.json' }], { force: true }],
  ]);
  expect(warn).toHaveBeenCalledWith(expect.stringContaining(`mf_news runs its own federation runtime ${major}.${minor + 1}.0`));
  warn.mockRestore();
});

test('a page opened while another page of its remote is fetched at idle is asked at the priority the runtime asks', async () => {
  registerAppRemotes({} as RemoteEntries);
  const plugin = jest.mocked(registerPlugins).mock.calls.at(-1)?.[0]?.[0] as ModuleFederationRuntimePlugin;
  const script = () => {
    const attrs: Record<string, string> = { fetchpriority: 'high' };
    plugin.createScript?.({ url: 'http://x.test/page.js', attrs, remoteInfo: { name: 'mf_loan' } as never });
    return attrs.fetchpriority;
  };
  let finish: (page: unknown) => void = () => undefined;
  jest.mocked(loadRemote).mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
  const atIdle = loadExposedAtIdle('mf_loan', './MyLoans');
  expect(script()).toBe('low');
  await loadExposed('mf_loan', './Apply');
  expect(script()).toBe('high');
  finish({ default: 'page' });
  await atIdle;
});

describe('a remote runs from the entry its manifest names, its page fetched beside it', () => {
  const MANIFEST = 'http://account.test/mf-manifest.json';
  const manifest = {
    metaData: { globalName: 'mf_account', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.1a.js', path: '', type: 'global' } },
    exposes: [
      { name: 'Profile', path: './Profile', assets: { js: { sync: ['p.2b.js'], async: [] }, css: { sync: ['p.3c.css'], async: [] } } },
    ],
  };
  const start = () => {
    registerAppRemotes(
      { mf_account: MANIFEST } as RemoteEntries,
      async () => ({ ok: true, text: async () => JSON.stringify(manifest) }) as Response,
    );
    return jest.mocked(registerPlugins).mock.calls.at(-1)?.[0]?.[0] as ModuleFederationRuntimePlugin;
  };

  test('the runtime is pointed at the entry and asked for the page’s files at once', async () => {
    const plugin = start();
    jest.mocked(preloadRemote).mockClear();
    const remoteInfo = { name: 'mf_account', entry: MANIFEST, type: 'global' } as Record<string, string>;
    await plugin.afterResolve?.({ remote: { name: 'mf_account', entry: MANIFEST }, remoteInfo, expose: './Profile' } as never);
    expect(remoteInfo).toMatchObject({ entry: 'http://account.test/remoteEntry.1a.js', type: 'global', entryGlobalName: 'mf_account' });
    expect(asked()).toEqual(['mf_account ./Profile']);
  });

  test("the page's files are listed once, with the entry, and never one the document already has", async () => {
    const plugin = start();
    const assets = (exposes: string[]) =>
      plugin.generatePreloadAssets?.({
        remote: { name: 'mf_account', entry: MANIFEST },
        remoteInfo: { name: 'mf_account', entry: MANIFEST },
        preloadOptions: { preloadConfig: { nameOrAlias: 'mf_account', exposes, resourceCategory: 'sync' } },
      } as never);
    const script = document.createElement('script');
    script.src = 'http://account.test/remoteEntry.1a.js';
    document.head.append(script);
    expect(await assets(['Profile'])).toEqual({
      cssAssets: ['http://account.test/p.3c.css'],
      jsAssetsWithoutEntry: ['http://account.test/p.2b.js'],
      entryAssets: [],
    });
    script.remove();
    expect(await assets(['Profile'])).toEqual({
      cssAssets: [],
      jsAssetsWithoutEntry: [],
      entryAssets: [expect.objectContaining({ url: 'http://account.test/remoteEntry.1a.js' })],
    });
  });
});
