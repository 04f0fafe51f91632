import type { ConsolePage } from '@instalment/federation/console-pages';

/** The loan team's operator screens: its build exposes and publishes them (DESIGN §3). */
export const CONSOLE_PAGES: readonly ConsolePage[] = [
  { path: '/loans', module: './ConsoleApplications', titles: { en: 'Loans', 'zh-CN': '借款审批' }, permission: 'loans' },
  { path: '/overdue', module: './ConsoleOverdue', titles: { en: 'Overdue report', 'zh-CN': '逾期报表' }, permission: 'loans' },
  { path: '/rates', module: './ConsoleRates', titles: { en: 'Loan rates', 'zh-CN': '借款利率' }, permission: 'settings' },
];
