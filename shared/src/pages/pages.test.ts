import type * as Fs from 'node:fs';
import type * as Path from 'node:path';
import {
  findPage as findRoute,
  HOME_WIDGETS,
  openingExposes,
  REMOTE_NAMES,
  type RemoteName,
  remotePackage,
  ROUTES,
  routesOf,
  TABS,
} from './pages';

/** Every row of SPEC §2's route table, with what the spec says of it. */
const SPEC_ROUTES: Array<[path: string, note: '' | 'tab' | 'custom nav' | 'pull-down']> = [
  ['/', 'tab'],
  ['/pages/index/index', 'tab'],
  ['/pages/repay/repay', 'tab'],
  ['/pages/profile/profile', 'tab'],
  ['/pages/login/login', 'custom nav'],
  ['/pages/register/register', 'custom nav'],
  ['/pages/profile/userinfo', ''],
  ['/pages/loan/apply', ''],
  ['/pages/overdue/impact', ''],
  ['/pages/repay/upload', ''],
  ['/pages/loan/loan', ''],
  ['/pages/loan/contract', ''],
  ['/pages/loan/detail', 'pull-down'],
  ['/pages/borrowing/loan', 'pull-down'],
  ['/pages/borrowing/detail', ''],
  ['/pages/borrowing/contract', ''],
  ['/pages/borrowing/apply', ''],
  ['/pages/borrowing/myloans', ''],
  ['/pages/borrowing/impact', ''],
  ['/pages/borrowing/settlement', ''],
  ['/pages/payment/repay', ''],
  ['/pages/payment/cashier', ''],
  ['/pages/payment/upload', ''],
  ['/pages/news/list', 'pull-down'],
  ['/pages/news/detail', 'pull-down'],
];

test.each(SPEC_ROUTES)('%s is routed as the spec says (%s)', (path, note) => {
  const route = findRoute(path);
  expect(route).toBeDefined();
  expect(Boolean(route!.tab)).toBe(note === 'tab');
  expect(Boolean(route!.customNav)).toBe(note === 'custom nav');
  expect(Boolean(route!.pullDownRefresh)).toBe(note === 'pull-down');
});

/** Issue 17's self-service pages, beyond SPEC §2. */
const SELF_SERVICE_ROUTES: Array<[path: string, note: '' | 'custom nav']> = [
  ['/pages/login/resetpwd', 'custom nav'],
  ['/pages/profile/security', ''],
  ['/pages/profile/edit', ''],
  ['/pages/profile/mobile', ''],
  ['/pages/agreement/terms', ''],
  ['/pages/agreement/privacy', ''],
];

test.each(SELF_SERVICE_ROUTES)('%s is routed (%s)', (path, note) => {
  expect(Boolean(findRoute(path)?.customNav)).toBe(note === 'custom nav');
});

test('the table has no route the spec or issue 17 does not list', () => {
  expect(ROUTES.map((route) => route.path).sort()).toEqual([...SPEC_ROUTES, ...SELF_SERVICE_ROUTES].map(([path]) => path).sort());
});

test("'/' and pages/index/index both reach home", () => {
  expect(findRoute('/')!.page).toBe('home');
  expect(findRoute('pages/index/index')!.page).toBe('home');
});

test('routes the spec lists twice open the same page', () => {
  const pageOf = (path: string) => findRoute(path)!.page;
  expect(pageOf('/pages/loan/loan')).toEqual(pageOf('/pages/borrowing/myloans'));
  expect(pageOf('/pages/loan/detail')).toEqual(pageOf('/pages/borrowing/detail'));
  expect(pageOf('/pages/repay/upload')).toEqual(pageOf('/pages/payment/upload'));
});

test('there are three tabs: home, repay, mine', () => {
  expect(TABS.map((tab) => tab.path)).toEqual(['/', '/pages/repay/repay', '/pages/profile/profile']);
});

test('every page and home widget is a module its remote actually exposes', () => {
  // The remotes' webpack configs hold the other half of this table: which file each exposed name is.
  const fs = jest.requireActual<typeof Fs>('node:fs');
  const path = jest.requireActual<typeof Path>('node:path');
  const exposedBy = (remote: RemoteName) => {
    const config = fs.readFileSync(path.join(__dirname, '..', '..', '..', remotePackage(remote), 'webpack.config.js'), 'utf8');
    return new Set([...config.matchAll(/'(\.\/[A-Za-z]+)':/g)].map((match) => match[1]));
  };
  for (const remote of REMOTE_NAMES) {
    const exposed = exposedBy(remote);
    for (const route of routesOf(remote)) expect(exposed).toContain(route.module);
  }
  expect(Object.values(HOME_WIDGETS).every((widget) => exposedBy(widget.remote).has(widget.module))).toBe(true);
});

test('a visit opening on home, or on a path the app does not know, needs home’s widgets first', () => {
  expect(openingExposes('/')).toEqual([HOME_WIDGETS.loan, HOME_WIDGETS.news]);
  expect(openingExposes('/pages/index/index')).toEqual([HOME_WIDGETS.loan, HOME_WIDGETS.news]);
  expect(openingExposes('/pages/nowhere')).toEqual([HOME_WIDGETS.loan, HOME_WIDGETS.news]);
});

test('a deep link needs only its own page first', () => {
  expect(openingExposes('/pages/loan/apply')).toEqual([{ remote: 'mf_loan', module: './Apply' }]);
  expect(openingExposes('pages/news/list')).toEqual([{ remote: 'mf_news', module: './NewsList' }]);
});
