import {
  loadRemote,
  preloadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { BUNDLER_RUNTIME_VERSION } from '../runtime/bundlerRuntime';
import {
  loadedExposed,
  loadExposed,
  preloadEntry,
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

test('an entry alone is preloaded once, and not for a remote whose page is loaded or on its way', () => {
  jest.mocked(preloadRemote).mockClear();
  preloadEntry('mf_news');
  preloadEntry('mf_news');
  preloadEntry('mf_payment');
  preloadEntry('mf_account');
  expect(asked()).toHaveLength(1);
  // No exposed module's name: the runtime then fetches the entry and marks none of the pages preloaded.
  expect(asked()[0]).toMatch(/^mf_news /);
  expect(asked()[0]).not.toMatch(/^mf_news $/);
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
