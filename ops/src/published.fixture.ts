import type { OpsPage } from '@instalment/federation/ops-pages';
import type { ContainerName } from '@instalment/federation/pages';

const screen = (path: string, module: string, en: string, zh: string, permission: OpsPage['permission']): OpsPage => ({
  path,
  module,
  titles: { en, 'zh-CN': zh },
  permission,
});

/** What the remotes' manifests might publish for the console, for the host's tests (it never imports a remote). */
export const PUBLISHED: Array<[ContainerName, OpsPage[]]> = [
  [
    'mf_loan',
    [
      screen('/loans', './OpsApplications', 'Loans', '借款审批', 'loans'),
      screen('/overdue', './OpsOverdue', 'Overdue report', '逾期报表', 'loans'),
    ],
  ],
  [
    'mf_payment',
    [
      screen('/proofs', './OpsProofs', 'Transfer proofs', '转账凭证', 'vouchers'),
      screen('/differences', './OpsDifferences', 'Payment differences', '差额对账', 'reconcile'),
    ],
  ],
  ['mf_news', [screen('/news', './OpsNews', 'News', '资讯', 'news')]],
];
