import type { OpsPage } from '@instalment/federation/ops-pages';

/** The loan team's operator screens: its build exposes and publishes them (DESIGN §3). */
export const OPS_PAGES: readonly OpsPage[] = [
  { path: '/loans', module: './OpsApplications', titles: { en: 'Loans', 'zh-CN': '借款审批' }, permission: 'loans' },
  { path: '/overdue', module: './OpsOverdue', titles: { en: 'Overdue report', 'zh-CN': '逾期报表' }, permission: 'loans' },
  { path: '/rates', module: './OpsRates', titles: { en: 'Loan rates', 'zh-CN': '借款利率' }, permission: 'settings' },
];
