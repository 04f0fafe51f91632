import type { Static } from '@sinclair/typebox';
import type * as operators from './schemas/operators';
import type * as reconciliation from './schemas/reconciliation';
import type * as reports from './schemas/reports';
import type * as staff from './schemas/staff';
import type * as requests from './schemas/admin';

/**
 * The operations console's API (`/admin/api`): the lender's staff, on accounts of their own,
 * with roles. FastAdmin's envelope, `Authorization: Bearer <token>`.
 */
export const OPERATOR_ROLES = ['reviewer', 'finance', 'editor', 'support', 'admin', 'auditor'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
/** Roles that move money or grant roles: giving one waits for a second admin. */
export const PRIVILEGED_ROLES: readonly OperatorRole[] = ['finance', 'admin'];
/** An operator's username: 3–32 lower-case letters, digits, dots, dashes or underscores, starting with a letter. */
export const OPERATOR_USERNAME_PATTERN = '^[a-z][a-z0-9_.-]{2,31}$';

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
  vouchers: '/admin/api/vouchers',
  voucherFile: '/admin/api/vouchers/:id/file',
  confirmVoucher: '/admin/api/vouchers/:id/confirm',
  rejectVoucher: '/admin/api/vouchers/:id/reject',
  approvals: '/admin/api/approvals',
  approveApproval: '/admin/api/approvals/:id/approve',
  declineApproval: '/admin/api/approvals/:id/decline',
  overdue: '/admin/api/reports/overdue',
  payments: '/admin/api/payments',
  differences: '/admin/api/payments/differences',
  refundDifference: '/admin/api/payments/differences/:id/refund',
  closeDifference: '/admin/api/payments/differences/:id/close',
  applyDifference: '/admin/api/payments/differences/:id/apply',
  dailyReport: '/admin/api/reports/daily',
  users: '/admin/api/users',
  userCredit: '/admin/api/users/:id/credit',
  settings: '/admin/api/settings',
  setting: '/admin/api/settings/:key',
  newsList: '/admin/api/news',
  news: '/admin/api/news',
  publishNews: '/admin/api/news/:id/publish',
  unpublishNews: '/admin/api/news/:id/unpublish',
  audit: '/admin/api/audit',
  exportLoans: '/admin/api/export/loans',
  exportPayments: '/admin/api/export/payments',
  exportOverdue: '/admin/api/export/overdue',
  exportAudit: '/admin/api/export/audit',
  operators: '/admin/api/operators',
  unlockOperator: '/admin/api/operators/:username/unlock',
  operatorRoles: '/admin/api/operators/:username/roles',
  disableOperator: '/admin/api/operators/:username/disable',
  resetOperatorTotp: '/admin/api/operators/:username/reset-totp',
} as const;

/** A console path with its `:params` filled in. */
export function adminPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([a-z_]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/**
 * Who may do what: one owner, read by the server's guard and by the console's navigation.
 * `admin` may do everything an operator can, but never approve what it made (four eyes).
 */
export const ADMIN_PERMISSIONS = {
  /** Queues, a loan's view, the overdue report. */
  loans: ['reviewer', 'finance', 'support', 'auditor', 'admin'],
  review: ['reviewer', 'admin'],
  disburse: ['finance', 'admin'],
  vouchers: ['finance', 'admin'],
  /** Money received and not credited: its list, refunds (four eyes) and closing. */
  reconcile: ['finance', 'admin'],
  credit: ['reviewer', 'admin'],
  settings: ['finance', 'admin'],
  /**
   * The borrower lookup, read only: support helps borrowers with it, and a reviewer reads the
   * applicant's whole history there before deciding (changing a credit line stays `credit`).
   */
  users: ['reviewer', 'support', 'admin'],
  news: ['editor', 'admin'],
  audit: ['auditor', 'admin'],
  /** Operators' accounts: creating, roles, disabling, unlocking, a new TOTP secret. */
  operators: ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type AdminPermission = keyof typeof ADMIN_PERMISSIONS;

export function mayDo(roles: readonly OperatorRole[], permission: AdminPermission): boolean {
  return (ADMIN_PERMISSIONS[permission] as readonly OperatorRole[]).some((role) => roles.includes(role));
}

/** The settings an operator may change, each through a second operator's approval. */
export const EDITABLE_SETTINGS = ['loan_rates', 'payment_channels', 'bank_info'] as const;
export type EditableSetting = (typeof EDITABLE_SETTINGS)[number];

/** What a second operator must approve before it happens, and the permission both need. */
export const APPROVAL_KINDS = {
  'loan.disburse': 'disburse',
  'voucher.confirm': 'vouchers',
  'credit.limit': 'credit',
  'setting.loan_rates': 'settings',
  'setting.payment_channels': 'settings',
  'setting.bank_info': 'settings',
  'difference.refund': 'reconcile',
  'operator.roles': 'operators',
} as const satisfies Record<string, AdminPermission>;
export type ApprovalKind = keyof typeof APPROVAL_KINDS;
export type ApprovalStatus = Static<typeof operators.ApprovalStatus>;

/**
 * The console's requests and answers, derived from their schemas (`schemas/admin.ts`,
 * `schemas/operators.ts`, `schemas/staff.ts`), where each field is described.
 */

/** A change one operator asked for, and what a second one decided. */
export type Approval = Static<typeof operators.Approval>;
/** What an approval is about, in the checker's words (`about` names which). */
export type ApprovalSubject = Static<typeof operators.ApprovalSubject>;
export type SettingChange = Static<typeof operators.SettingChange>;

/** What an action that needs four eyes answers: the approval now waiting for a second operator. */
export type ApprovalAsked = Static<typeof operators.ApprovalAsked>;

/** The console's queues, for its navigation. */
export type Queues = Static<typeof staff.Queues>;

/** One page of a console list (`Listing` in `schemas/staff.ts`). */
export interface Listing<T> {
  list: T[];
  total: number;
}

/** A loan as staff see it in a queue. */
export type StaffLoan = Static<typeof staff.StaffLoan>;

/** A proof of a bank transfer as finance sees it; its image is at `voucherFile`. */
export type StaffVoucher = Static<typeof staff.StaffVoucher>;

/** A payment through a gateway, as finance sees it. */
export type StaffPayment = Static<typeof staff.StaffPayment>;

/** Money a gateway received that the ledger could not credit, as finance sees it. */
export type PaymentDifference = Static<typeof reconciliation.PaymentDifference>;
export type DifferenceStatus = Static<typeof reconciliation.DifferenceStatus>;
export type DifferenceReason = Static<typeof reconciliation.DifferenceReason>;
/** A difference applied to the borrower's next instalments. */
export type DifferenceApplied = Static<typeof reconciliation.DifferenceApplied>;
/** A difference closed at once: its status after it. */
export type DifferenceResolved = Static<typeof reconciliation.DifferenceResolved>;
/** GET /admin/api/reports/daily: one business day's money. */
export type DailyReport = Static<typeof reports.DailyReport>;

/** One loan of the overdue report: the same days and penalty the borrower sees. */
export type OverdueLoan = Static<typeof staff.OverdueLoan>;

/** GET /admin/api/loans/:order_no: everything about one loan. */
export type StaffLoanView = Static<typeof staff.StaffLoanView>;

/** GET /admin/api/users?mobile=: one borrower and their history. */
export type StaffBorrower = Static<typeof staff.StaffBorrower>;

/** A news article as the editor sees it, whatever its status. */
export type StaffArticle = Static<typeof staff.StaffArticle>;
export type ArticleStatus = Static<typeof staff.ArticleStatus>;

/** A reviewer's approval or rejection of an application, done at once. */
export type LoanDecided = Static<typeof staff.LoanDecided>;
/** A proof turned down. */
export type VoucherDecided = Static<typeof staff.VoucherDecided>;
/** An article drafted, published or taken down. */
export type ArticleState = Static<typeof staff.ArticleState>;

/** GET /admin/api/settings. */
export type Settings = Static<typeof staff.Settings>;

/** POST /admin/api/auth/login. `totp`: the 6 digits of the operator's authenticator app. */
export type OperatorLoginRequest = Static<typeof requests.OperatorLoginRequest>;

export type OperatorSession = Static<typeof operators.OperatorSession>;

/** GET /admin/api/auth/me: whose token it is. */
export type OperatorIdentity = Static<typeof operators.OperatorIdentity>;

/** One entry of the audit log: every operator action, done or refused, once. */
export type AuditEntry = Static<typeof operators.AuditEntry>;

/** POST /admin/api/news: a draft, published later by `publish`. */
export type NewsDraft = Static<typeof requests.NewsDraftRequest>;
