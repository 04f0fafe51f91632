import type * as Fs from 'node:fs';
import type * as Path from 'node:path';
import {
  exposesOf,
  findPage as findRoute,
  HOME_WIDGETS,
  openingExposes,
  REMOTE_NAMES,
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

/** Issue 52's automatic repayment page. */
const AUTOPAY_ROUTES: Array<[path: string, note: '']> = [['/pages/payment/autopay', '']];

test.each(AUTOPAY_ROUTES)('%s is routed, behind login', (path) => {
  expect(findRoute(path)?.needsLogin).toBe(true);
});

test('the table has no route the spec, issue 17 or issue 52 does not list', () => {
  expect(ROUTES.map((route) => route.path).sort()).toEqual(
    [...SPEC_ROUTES, ...SELF_SERVICE_ROUTES, ...AUTOPAY_ROUTES].map(([path]) => path).sort(),
  );
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

test('every page and home widget is a file its remote exposes', () => {
  const fs = jest.requireActual<typeof Fs>('node:fs');
  const path = jest.requireActual<typeof Path>('node:path');
  for (const remote of REMOTE_NAMES) {
    const exposes = exposesOf(remote);
    for (const route of routesOf(remote)) expect(Object.keys(exposes)).toContain(route.module);
    for (const file of Object.values(exposes)) {
      expect(fs.existsSync(path.join(__dirname, '..', '..', '..', '..', remotePackage(remote), file))).toBe(true);
    }
  }
  expect(exposesOf('mf_loan')['./HomeLoanWidget']).toBe('./src/widgets/HomeLoanWidget.tsx');
  expect(exposesOf('mf_loan')['./MyLoans']).toBe('./src/pages/MyLoans.tsx');
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
