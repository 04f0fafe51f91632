/** The document's tags, in the order a reader meets them. */
export const TAGS = {
  account: 'A borrower’s account: sign-up, logins, passwords, phone, profile, consents.',
  sms: 'SMS codes for sign-up, login, password reset and phone change.',
  loans: 'Products, applications, loans, repayments, proofs and payoff.',
  news: 'The published news.',
  telemetry: 'What borrowers’ browsers report of the pages they drew: views, speed and errors, by remote and release.',
  files: 'Uploaded files: receipts, avatars, news images.',
  gateways: 'Where payment gateways call back, in their own terms.',
  health: 'Liveness and readiness, for load balancers and orchestrators.',
  'console: auth': 'Operators’ login and session.',
  'console: loans': 'The loan queues, reviews, disbursements and reports.',
  'console: payments': 'Transfer proofs, payments and reconciliation.',
  'console: approvals': 'Four eyes: what one operator asked for and another decides.',
  'console: borrowers': 'Borrower support and credit lines.',
  'console: settings': 'Rates, payment channels and the bank account.',
  'console: operators': 'Operators’ accounts and roles.',
  'console: news': 'Writing and publishing the news.',
  'console: audit': 'The audit log of every console request.',
  'console: releases': 'The remotes’ releases: canaries, promotions, rollbacks and their figures.',
  'console: exports': 'The console’s lists as CSV files.',
  development: 'Only with DEV_ROUTES=1, never in production: helpers that finish flows needing a phone, a reviewer or time.',
  sandbox: 'The sandbox payment gateway (PAYMENT_PROVIDER=sandbox, never in production): no money moves.',
} as const;

export type Tag = keyof typeof TAGS;

/**
 * Each route is tagged by the first prefix its path starts with. A path outside all of them stops
 * the document from being generated, so a new part of the API is placed deliberately.
 */
export const AREAS: readonly (readonly [prefix: string, tag: Tag])[] = [
  ['/api/user/', 'account'],
  ['/api/sms/', 'sms'],
  ['/api/loan/', 'loans'],
  ['/api/autopay', 'loans'],
  ['/api/news/', 'news'],
  ['/static/news/', 'news'],
  ['/api/telemetry', 'telemetry'],
  ['/api/common/', 'files'],
  ['/uploads/', 'files'],
  ['/api/pay/', 'gateways'],
  ['/health', 'health'],
  ['/admin/api/auth/', 'console: auth'],
  ['/admin/api/queues', 'console: loans'],
  ['/admin/api/loans', 'console: loans'],
  ['/admin/api/reports/', 'console: loans'],
  ['/admin/api/vouchers', 'console: payments'],
  ['/admin/api/payments', 'console: payments'],
  ['/admin/api/approvals', 'console: approvals'],
  ['/admin/api/users', 'console: borrowers'],
  ['/admin/api/settings', 'console: settings'],
  ['/admin/api/operators', 'console: operators'],
  ['/admin/api/news', 'console: news'],
  ['/admin/api/audit', 'console: audit'],
  ['/admin/api/releases', 'console: releases'],
  ['/admin/api/export/', 'console: exports'],
  ['/dev/', 'development'],
  ['/sandbox/', 'sandbox'],
];
