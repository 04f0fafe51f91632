import type { Static } from '@sinclair/typebox';
import type * as operators from './schemas/operators';
import type * as reconciliation from './schemas/reconciliation';
import type * as reports from './schemas/reports';
import type * as consoleReads from './schemas/console-reads';
import type * as requests from './schemas/admin';
export * from '../roles';

/**
 * The operations console's API (`/admin/api`): the lender's staff, on accounts of their own,
 * with roles. FastAdmin's envelope, `Authorization: Bearer <token>`.
 */
export const ADMIN_ENDPOINTS = {
  login: '/admin/api/auth/login',
  logout: '/admin/api/auth/logout',
  me: '/admin/api/auth/me',
  queues: '/admin/api/queues',
  loans: '/admin/api/loans',
  loan: '/admin/api/loans/:order_no',
  approveLoan: '/admin/api/loans/:order_no/approve',
  rejectLoan: '/admin/api/loans/:order_no/reject',
  disburseLoan: '/admin/api/loans/:order_no/disburse',
  loanPayee: '/admin/api/loans/:order_no/payee',
  vouchers: '/admin/api/vouchers',
  proofFile: '/admin/api/vouchers/:id/file',
  confirmProof: '/admin/api/vouchers/:id/confirm',
  rejectProof: '/admin/api/vouchers/:id/reject',
  approvals: '/admin/api/approvals',
  approveApproval: '/admin/api/approvals/:id/approve',
  declineApproval: '/admin/api/approvals/:id/decline',
  overdue: '/admin/api/reports/overdue',
  payments: '/admin/api/payments',
  differences: '/admin/api/payments/differences',
  refundDifference: '/admin/api/payments/differences/:id/refund',
  closeDifference: '/admin/api/payments/differences/:id/close',
  applyDifference: '/admin/api/payments/differences/:id/apply',
  /** The due-date run of a business day (`?date=`, today when absent): its figures and charges. */
  autopayRun: '/admin/api/payments/autopay',
  dailyReport: '/admin/api/reports/daily',
  users: '/admin/api/users',
  /** Borrowers by name, phone (or its last digits), ID number's tail or order number: the matches to pick from. */
  userSearch: '/admin/api/users/search',
  /** One borrower and their history, picked from a search. */
  user: '/admin/api/users/:id',
  userCredit: '/admin/api/users/:id/credit',
  /** A borrower's autopay agreement, its history and latest charges. */
  userAutopay: '/admin/api/users/:id/autopay',
  /** Finance stops a borrower's automatic charges (the agreement stays signed), and restarts them. */
  pauseAutopay: '/admin/api/users/:id/autopay/pause',
  resumeAutopay: '/admin/api/users/:id/autopay/resume',
  settings: '/admin/api/settings',
  setting: '/admin/api/settings/:key',
  newsList: '/admin/api/news',
  news: '/admin/api/news',
  /** A news cover image (multipart, field `file`): answers its `url` for the draft and a signed link to preview it. */
  newsCover: '/admin/api/news/cover',
  publishNews: '/admin/api/news/:id/publish',
  unpublishNews: '/admin/api/news/:id/unpublish',
  audit: '/admin/api/audit',
  exportLoans: '/admin/api/export/loans',
  exportPayments: '/admin/api/export/payments',
  exportOverdue: '/admin/api/export/overdue',
  exportAudit: '/admin/api/export/audit',
  exportDailyReport: '/admin/api/export/reports/daily',
  operators: '/admin/api/operators',
  unlockOperator: '/admin/api/operators/:username/unlock',
  operatorRoles: '/admin/api/operators/:username/roles',
  disableOperator: '/admin/api/operators/:username/disable',
  enableOperator: '/admin/api/operators/:username/enable',
  resetOperatorTotp: '/admin/api/operators/:username/reset-totp',
  /** An operator's own enrolment, with the one-time code an admin gave them: no token. */
  enrolment: '/admin/api/auth/enrolment',
  enrol: '/admin/api/auth/enrol',
  /** Each remote's releases live now, their last hour from browsers' reports, their history. */
  releases: '/admin/api/releases',
  /** Release, promote or roll back one remote (`ReleaseAction`). */
  releaseAction: '/admin/api/releases/:remote',
  /** The signed-in operator's own password. */
  operatorPassword: '/admin/api/auth/password',
} as const;

/** A console path with its `:params` filled in. */
export function adminPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([a-z_]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

export type ApprovalStatus = Static<typeof operators.ApprovalStatus>;

/**
 * The console's requests and answers, derived from their schemas (`schemas/admin.ts`,
 * `schemas/operators.ts`, `schemas/console-reads.ts`), where each field is described.
 */

/** A change one operator asked for, and what a second one decided. */
export type Approval = Static<typeof operators.Approval>;
/** What an approval is about, in the checker's words (`about` names which). */
export type ApprovalSubject = Static<typeof operators.ApprovalSubject>;
export type SettingChange = Static<typeof operators.SettingChange>;

/** What an action that needs four eyes answers: the approval now waiting for a second operator. */
export type ApprovalAsked = Static<typeof operators.ApprovalAsked>;

/** The console's queues, for its navigation. */
export type Queues = Static<typeof consoleReads.Queues>;

/** One page of a console list (`Listing` in `schemas/console-reads.ts`). */
export interface Listing<T> {
  list: T[];
  total: number;
}

/** A loan as staff see it in a queue. */
export type ConsoleLoan = Static<typeof consoleReads.ConsoleLoan>;

/** A proof of a bank transfer as finance sees it; its image is at `proofFile`. */
export type ConsoleProof = Static<typeof consoleReads.ConsoleProof>;

/** A payment through a gateway, as finance sees it. */
export type ConsolePayment = Static<typeof consoleReads.ConsolePayment>;

/** Money a gateway received that the ledger could not credit, as finance sees it. */
export type PaymentDifference = Static<typeof reconciliation.PaymentDifference>;
export type DifferenceStatus = Static<typeof reconciliation.DifferenceStatus>;
export type DifferenceReason = Static<typeof reconciliation.DifferenceReason>;
/** A difference applied to the borrower's next instalments. */
export type DifferenceApplied = Static<typeof reconciliation.DifferenceApplied>;
export type DifferenceApplyRequest = Static<typeof reconciliation.DifferenceApplyRequest>;
/** A difference closed at once: its status after it. */
export type DifferenceResolved = Static<typeof reconciliation.DifferenceResolved>;
/** One business day's money, a row of the daily report. */
export type DailyReport = Static<typeof reports.DailyReport>;
/** GET /admin/api/reports/daily: the days of a range, each a row, and their totals. */
export type DailyReportRange = Static<typeof reports.DailyReportRange>;
export type DailyReportQuery = Static<typeof reports.DailyReportQuery>;
export type DayFigures = Static<typeof reports.DayFigures>;

/** One loan of the overdue report: the same days and penalty the borrower sees. */
export type OverdueLoan = Static<typeof consoleReads.OverdueLoan>;

/** GET /admin/api/loans/:order_no: everything about one loan. */
export type ConsoleLoanView = Static<typeof consoleReads.ConsoleLoanView>;

/** An instalment as staff read it, with how it was paid. */
export type ConsoleInstalment = Static<typeof consoleReads.ConsoleInstalment>;
export type PaidHow = Static<typeof consoleReads.PaidHow>;
/** A loan's newest disbursement asked for, and what became of it. */
export type DisbursementAsk = Static<typeof consoleReads.DisbursementAsk>;
/** GET /admin/api/loans/:order_no/payee: the full payee account (finance, admins; audited). */
export type LoanPayee = Static<typeof consoleReads.LoanPayee>;

/** GET /admin/api/users?mobile= and /admin/api/users/:id: one borrower and their history. */
export type ConsoleBorrower = Static<typeof consoleReads.ConsoleBorrower>;
/** GET /admin/api/users/search?q=: the borrowers a query found, to pick one from. */
export type BorrowerMatches = Static<typeof consoleReads.BorrowerMatches>;
export type BorrowerMatch = Static<typeof consoleReads.BorrowerMatch>;

/** A news article as the editor sees it, whatever its status. */
export type ConsoleArticle = Static<typeof consoleReads.ConsoleArticle>;
export type ArticleStatus = Static<typeof consoleReads.ArticleStatus>;

/** A reviewer's approval or rejection of an application, done at once. */
export type LoanDecided = Static<typeof consoleReads.LoanDecided>;
/** A proof turned down. */
export type ProofDecided = Static<typeof consoleReads.ProofDecided>;
/** An article drafted, published or taken down. */
export type ArticleState = Static<typeof consoleReads.ArticleState>;

/** GET /admin/api/settings. */
export type Settings = Static<typeof consoleReads.Settings>;

/** POST /admin/api/auth/login. `totp`: the 6 digits of the operator's authenticator app. */
export type OperatorLoginRequest = Static<typeof requests.OperatorLoginRequest>;

export type OperatorSession = Static<typeof operators.OperatorSession>;

/** GET /admin/api/auth/me: whose token it is. */
export type OperatorIdentity = Static<typeof operators.OperatorIdentity>;

/** One entry of the audit log: every operator action, done or refused, once. */
export type AuditEntry = Static<typeof operators.AuditEntry>;

/** POST /admin/api/news: a draft, published later by `publish`, in Chinese, English or both. */
export type NewsDraft = Static<typeof requests.NewsDraftRequest>;
/** An article's title, summary and body in one language. */
export type ArticleText = Static<typeof requests.ArticleText>;
