import type { ConsolePage } from '@instalment/federation/console-pages';

/** The payment team's operator screens: its build exposes and publishes them (DESIGN §3). */
export const CONSOLE_PAGES: readonly ConsolePage[] = [
  { path: '/proofs', module: './ConsoleProofs', titles: { en: 'Transfer proofs', 'zh-CN': '转账凭证' }, permission: 'vouchers' },
  { path: '/payments', module: './ConsolePayments', titles: { en: 'Payments', 'zh-CN': '还款记录' }, permission: 'vouchers' },
  {
    path: '/receiving',
    module: './ConsoleReceiving',
    titles: { en: 'Channels and account', 'zh-CN': '收款渠道与账户' },
    permission: 'settings',
  },
  {
    path: '/differences',
    module: './ConsoleDifferences',
    titles: { en: 'Payment differences', 'zh-CN': '差额对账' },
    permission: 'reconcile',
  },
  // Opened by everyone who reads the run (finance, support, reviewers; the auditor): only finance pauses, in the screen.
  { path: '/autopay', module: './ConsoleAutopay', titles: { en: 'Autopay', 'zh-CN': '自动扣款' }, permission: 'loans' },
];
