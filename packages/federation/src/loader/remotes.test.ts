import { loadRemote, preloadRemote } from '@module-federation/enhanced/runtime';
import { loadExposed, preloadEntry, preloadExposed } from './remotes';

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
