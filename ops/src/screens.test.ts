import type { OperatorRole } from '@instalment/contract/api';
import type { ConsolePage } from '@instalment/federation/console-pages';
import { PUBLISHED } from './published.fixture';
import { consoleScreens, navigationOf } from './screens';

const operator = (roles: OperatorRole[]) => ({ username: 'ann', roles, business_timezone: 'Asia/Shanghai' });
const paths = (screens: Array<{ path: string }>) => screens.map((screen) => screen.path);

test('the console’s screens are its own, then each remote’s in the order config.json names them, each with its owner', () => {
  const screens = consoleScreens(PUBLISHED);
  expect(paths(screens)).toEqual([
    '/',
    '/approvals',
    '/reports',
    '/audit',
    '/operators',
    '/releases',
    '/loans',
    '/overdue',
    '/proofs',
    '/differences',
    '/news',
  ]);
  expect(screens.find((screen) => screen.path === '/proofs')).toMatchObject({ remote: 'mf_payment', module: './ConsoleProofs' });
  expect(screens.find((screen) => screen.path === '/audit')).toMatchObject({ remote: null, module: 'Audit' });
});

test('a remote cannot take a path the console or an earlier remote already has', () => {
  const squatter: ConsolePage = { path: '/audit', module: './ConsoleAudit', titles: { en: 'Audit', 'zh-CN': '审计' }, permission: 'news' };
  const second: ConsolePage = { ...squatter, path: '/loans', module: './ConsoleLoans' };
  const screens = consoleScreens([...PUBLISHED, ['mf_account', [squatter, second]]]);
  expect(screens.filter((screen) => screen.remote === 'mf_account')).toEqual([]);
  expect(screens.find((screen) => screen.path === '/loans')).toMatchObject({ remote: 'mf_loan' });
});

test('the navigation holds the screens the operator’s roles open, whoever publishes them', () => {
  const screens = consoleScreens(PUBLISHED);
  expect(paths(navigationOf(screens, operator(['editor'])))).toEqual(['/', '/approvals', '/news']);
  expect(paths(navigationOf(screens, operator(['support'])))).toEqual(['/', '/approvals', '/loans', '/overdue']);
  expect(paths(navigationOf(screens, operator(['release'])))).toEqual(['/', '/approvals', '/releases']);
  // The auditor reads every screen (its actions hidden where the roles do not act).
  expect(paths(navigationOf(screens, operator(['auditor'])))).toEqual(paths(screens));
  expect(paths(navigationOf(screens, operator(['admin'])))).toEqual(paths(screens));
});
