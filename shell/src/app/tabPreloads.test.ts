import { loadExposedAtIdle, prepareExposed } from '@instalment/federation/loader';
import { PAGES } from '@instalment/federation/pages';
import { RouteTable } from '../host/routes';
import { prepareTab, preloadTabPagesWhenIdle } from './tabPreloads';

jest.mock('@instalment/federation/loader', () => ({
  loadExposedAtIdle: jest.fn(async () => undefined),
  prepareExposed: jest.fn(),
  publishedPages: jest.fn(),
}));

/** Idle callbacks held until the test lets the browser be idle. */
function idleQueue() {
  const tasks: Array<() => void> = [];
  return { idle: (task: () => void) => void tasks.push(task), runNext: () => tasks.shift()?.(), waiting: () => tasks.length };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const fetched = () => jest.mocked(loadExposedAtIdle).mock.calls;

beforeEach(() => jest.mocked(loadExposedAtIdle).mockClear());

test("once the browser is idle, the tab bar's pages are loaded one after the other, each when it is idle again, and nothing before", async () => {
  const { idle, runNext, waiting } = idleQueue();
  let finishFirst: () => void = () => undefined;
  jest.mocked(loadExposedAtIdle).mockImplementationOnce(() => new Promise<void>((resolve) => (finishFirst = resolve)));
  preloadTabPagesWhenIdle(new RouteTable(), idle, {}, () => PAGES.home.path);
  expect(fetched()).toEqual([]);
  runNext();
  expect(fetched()).toEqual([[PAGES.repayments.page.remote, PAGES.repayments.page.module]]);
  await settle();
  expect(waiting()).toBe(0);
  finishFirst();
  await settle();
  expect(fetched()).toHaveLength(1);
  runNext();
  expect(fetched()).toEqual([
    [PAGES.repayments.page.remote, PAGES.repayments.page.module],
    [PAGES.profile.page.remote, PAGES.profile.page.module],
  ]);
  await settle();
  runNext();
  expect(fetched()).toHaveLength(2);
});

test('the page the reader is on is not fetched at idle', async () => {
  const { idle, runNext } = idleQueue();
  preloadTabPagesWhenIdle(new RouteTable(), idle, {}, () => PAGES.repayments.path);
  runNext();
  await settle();
  runNext();
  expect(fetched()).toEqual([[PAGES.profile.page.remote, PAGES.profile.page.module]]);
});

test('a reader who asked to save data, or on a 2G connection, gets nothing fetched at idle', () => {
  for (const connection of [{ saveData: true }, { effectiveType: '2g' }, { effectiveType: 'slow-2g' }]) {
    const { idle, waiting } = idleQueue();
    preloadTabPagesWhenIdle(new RouteTable(), idle, connection, () => PAGES.home.path);
    expect(waiting()).toBe(0);
  }
  expect(loadExposedAtIdle).not.toHaveBeenCalled();
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
