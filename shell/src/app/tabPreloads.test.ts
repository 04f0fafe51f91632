import { preloadEntry, prepareExposed } from '@instalment/federation/loader';
import { PAGES } from '@instalment/federation/pages';
import { RouteTable } from '../host/routes';
import { prepareTab, preloadTabEntriesWhenIdle } from './tabPreloads';

jest.mock('@instalment/federation/loader', () => ({ preloadEntry: jest.fn(), prepareExposed: jest.fn(), publishedPages: jest.fn() }));

test("once the browser is idle, the tab bar's remotes' entries are preloaded, and nothing before", () => {
  let idle: () => void = () => undefined;
  preloadTabEntriesWhenIdle(new RouteTable(), (task) => (idle = task));
  expect(preloadEntry).not.toHaveBeenCalled();
  idle();
  expect(jest.mocked(preloadEntry).mock.calls).toEqual([[PAGES.repayments.page.remote], [PAGES.profile.page.remote]]);
});

test('a reader who asked to save data gets no speculative preloads', () => {
  jest.mocked(preloadEntry).mockClear();
  let idle: (() => void) | null = null;
  preloadTabEntriesWhenIdle(new RouteTable(), (task) => (idle = task), { saveData: true });
  expect(idle).toBeNull();
  expect(preloadEntry).not.toHaveBeenCalled();
});

test("a tab's pointer-down loads and runs its page and starts its calls; home's tab has no remote page", () => {
  const startCalls = jest.fn();
  prepareTab(new RouteTable(), PAGES.repayments.path, startCalls);
  expect(prepareExposed).toHaveBeenCalledWith(PAGES.repayments.page.remote, PAGES.repayments.page.module);
  expect(startCalls).toHaveBeenCalledWith(expect.objectContaining({ path: PAGES.repayments.path, opensWith: PAGES.repayments.opensWith }));
  jest.mocked(prepareExposed).mockClear();
  startCalls.mockClear();
  prepareTab(new RouteTable(), PAGES.home.path, startCalls);
  expect(prepareExposed).not.toHaveBeenCalled();
  expect(startCalls).not.toHaveBeenCalled();
});
