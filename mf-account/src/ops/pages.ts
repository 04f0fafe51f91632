import type { OpsPage } from '@instalment/federation/ops-pages';

/** The account team's operator screens: its build exposes and publishes them (DESIGN §3). */
export const OPS_PAGES: readonly OpsPage[] = [
  { path: '/borrowers', module: './OpsBorrowers', titles: { en: 'Borrowers', 'zh-CN': '借款人' }, permission: 'users' },
];
