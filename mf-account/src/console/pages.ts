import type { ConsolePage } from '@instalment/federation/console-pages';

/** The account team's operator screens: its build exposes and publishes them (DESIGN §3). */
export const CONSOLE_PAGES: readonly ConsolePage[] = [
  { path: '/borrowers', module: './ConsoleBorrowers', titles: { en: 'Borrowers', 'zh-CN': '借款人' }, permission: 'users' },
];
