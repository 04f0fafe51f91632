import type { ConsolePage } from '@instalment/federation/console-pages';
import type { ContainerName } from '@instalment/federation/pages';

const screen = (path: string, module: string, en: string, zh: string, permission: ConsolePage['permission']): ConsolePage => ({
  path,
  module,
  titles: { en, 'zh-CN': zh },
  permission,
});

/** What the remotes' manifests might publish for the console, for the host's tests (it never imports a remote). */
export const PUBLISHED: Array<[ContainerName, ConsolePage[]]> = [
  [
    'mf_loan',
    [
      screen('/loans', './ConsoleApplications', 'Loans', '借款审批', 'loans'),
      screen('/overdue', './ConsoleOverdue', 'Overdue report', '逾期报表', 'loans'),
    ],
  ],
  [
    'mf_payment',
    [
      screen('/proofs', './ConsoleProofs', 'Transfer proofs', '转账凭证', 'vouchers'),
      screen('/differences', './ConsoleDifferences', 'Payment differences', '差额对账', 'reconcile'),
    ],
  ],
  ['mf_news', [screen('/news', './ConsoleNews', 'News', '资讯', 'news')]],
];
