import type { OpsPage } from '@instalment/federation/ops-pages';

/** The payment team's operator screens: its build exposes and publishes them (DESIGN §3). */
export const OPS_PAGES: readonly OpsPage[] = [
  { path: '/proofs', module: './OpsProofs', titles: { en: 'Transfer proofs', 'zh-CN': '转账凭证' }, permission: 'vouchers' },
  { path: '/payments', module: './OpsPayments', titles: { en: 'Payments', 'zh-CN': '还款记录' }, permission: 'vouchers' },
  {
    path: '/receiving',
    module: './OpsReceiving',
    titles: { en: 'Channels and account', 'zh-CN': '收款渠道与账户' },
    permission: 'settings',
  },
  { path: '/differences', module: './OpsDifferences', titles: { en: 'Payment differences', 'zh-CN': '差额对账' }, permission: 'reconcile' },
  // Opened by everyone who reads the run (finance, support, reviewers; the auditor): only finance pauses, in the screen.
  { path: '/autopay', module: './OpsAutopay', titles: { en: 'Autopay', 'zh-CN': '自动扣款' }, permission: 'loans' },
];
