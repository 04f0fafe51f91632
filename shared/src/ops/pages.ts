import type { AdminPermission } from '@instalment/shared/api';
import type { RemoteName } from '@instalment/shared/pages';
import type { Locale } from '@instalment/shared/i18n';

/** One screen of the operations console. `remote` null: the host's own (the queues, approvals, audit). */
export interface OpsPage {
  path: string;
  remote: RemoteName | null;
  /** The remote's exposed module, e.g. './OpsApplications'. */
  module: string;
  title: Record<Locale, string>;
  /** Who sees it in the navigation (the server decides what they may do). */
  permission: AdminPermission | null;
}

/**
 * The console's screens, one owner: the ops host's navigation and routes, and each remote's
 * `exposes`, read this table. Each domain team owns its screens in its own remote; the borrower
 * shell never loads them.
 */
export const OPS_PAGES = [
  { path: '/', remote: null, module: 'Queues', title: { en: 'Queues', 'zh-CN': '待办' }, permission: null },
  {
    path: '/loans',
    remote: 'mf_loan',
    module: './OpsApplications',
    title: { en: 'Loans', 'zh-CN': '借款审批' },
    permission: 'loans',
  },
  {
    path: '/overdue',
    remote: 'mf_loan',
    module: './OpsOverdue',
    title: { en: 'Overdue report', 'zh-CN': '逾期报表' },
    permission: 'loans',
  },
  {
    path: '/rates',
    remote: 'mf_loan',
    module: './OpsRates',
    title: { en: 'Loan rates', 'zh-CN': '借款利率' },
    permission: 'settings',
  },
  {
    path: '/proofs',
    remote: 'mf_payment',
    module: './OpsProofs',
    title: { en: 'Transfer proofs', 'zh-CN': '转账凭证' },
    permission: 'vouchers',
  },
  {
    path: '/payments',
    remote: 'mf_payment',
    module: './OpsPayments',
    title: { en: 'Payments', 'zh-CN': '还款记录' },
    permission: 'vouchers',
  },
  {
    path: '/receiving',
    remote: 'mf_payment',
    module: './OpsReceiving',
    title: { en: 'Channels and account', 'zh-CN': '收款渠道与账户' },
    permission: 'settings',
  },
  {
    path: '/differences',
    remote: 'mf_payment',
    module: './OpsDifferences',
    title: { en: 'Payment differences', 'zh-CN': '差额对账' },
    permission: 'reconcile',
  },
  {
    path: '/borrowers',
    remote: 'mf_account',
    module: './OpsBorrowers',
    title: { en: 'Borrowers', 'zh-CN': '借款人' },
    permission: 'users',
  },
  { path: '/news', remote: 'mf_news', module: './OpsNews', title: { en: 'News', 'zh-CN': '资讯' }, permission: 'news' },
  { path: '/approvals', remote: null, module: 'Approvals', title: { en: 'Approvals', 'zh-CN': '复核' }, permission: null },
  { path: '/audit', remote: null, module: 'Audit', title: { en: 'Audit log', 'zh-CN': '操作日志' }, permission: 'audit' },
  { path: '/operators', remote: null, module: 'Operators', title: { en: 'Operators', 'zh-CN': '操作员' }, permission: 'operators' },
] as const satisfies readonly OpsPage[];

/** What a remote exposes for the console, read from the table (webpack configs). */
export function opsExposesOf(remote: RemoteName): Record<string, string> {
  return Object.fromEntries(
    OPS_PAGES.filter((page) => page.remote === remote).map((page) => [page.module, `./src/ops/${page.module.slice(2)}.tsx`]),
  );
}
