import type { CreditLine, Instalment, LoanStatus, VoucherStatus } from './types/loan';

/**
 * The operations console's API (`/admin/api`): the lender's staff, on accounts of their own,
 * with roles. FastAdmin's envelope, `Authorization: Bearer <token>`.
 */
export const OPERATOR_ROLES = ['reviewer', 'finance', 'editor', 'support', 'admin', 'auditor'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

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
  users: '/admin/api/users',
  userCredit: '/admin/api/users/:id/credit',
  settings: '/admin/api/settings',
  setting: '/admin/api/settings/:key',
  newsList: '/admin/api/news',
  news: '/admin/api/news',
  publishNews: '/admin/api/news/:id/publish',
  unpublishNews: '/admin/api/news/:id/unpublish',
  audit: '/admin/api/audit',
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
  credit: ['reviewer', 'admin'],
  settings: ['finance', 'admin'],
  users: ['support', 'admin'],
  news: ['editor', 'admin'],
  audit: ['auditor', 'admin'],
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
} as const satisfies Record<string, AdminPermission>;
export type ApprovalKind = keyof typeof APPROVAL_KINDS;
export type ApprovalStatus = 'awaiting' | 'approved' | 'declined';

export interface Approval {
  id: number;
  kind: ApprovalKind;
  target: string;
  payload: unknown;
  before: unknown;
  maker: string;
  /** ISO 8601. */
  created_at: string;
  status: ApprovalStatus;
  checker: string | null;
  decided_at: string | null;
  reason: string | null;
}

/** What an action that needs four eyes answers: the approval now waiting for a second operator. */
export interface ApprovalAsked {
  approval_id: number;
  status: 'awaiting';
}

/** The console's queues, for its navigation. */
export interface Queues {
  loans_pending: number;
  loans_approved: number;
  vouchers_pending: number;
  approvals_awaiting: number;
  loans_overdue: number;
}

export interface Listing<T> {
  list: T[];
  total: number;
}

/** A loan as staff see it in a queue. */
export interface StaffLoan {
  order_no: string;
  user_id: number;
  mobile: string;
  real_name: string;
  amount: string;
  term: number;
  status: LoanStatus;
  bank_name: string;
  /** Masked: last 4 digits. */
  bank_card: string;
  created_at: string;
  approved_at: string | null;
  disbursed_at: string | null;
  disbursement_ref: string | null;
  reject_reason: string | null;
}

/** A proof of a bank transfer as finance sees it; its image is at `voucherFile`. */
export interface StaffVoucher {
  id: number;
  order_no: string;
  mobile: string;
  real_name: string;
  periods: number[];
  amount: string;
  remark: string;
  status: VoucherStatus;
  created_at: string;
  bank_ref: string | null;
  reject_reason: string | null;
  /** The confirmation waiting for a second operator, if one was asked for. */
  approval_id: number | null;
}

/** A payment through a gateway, as finance sees it. */
export interface StaffPayment {
  payment_no: string;
  order_no: string;
  amount: string;
  status: string;
  channel: string | null;
  created_at: string;
  paid_at: string | null;
}

/** One loan of the overdue report: the same days and penalty the borrower sees. */
export interface OverdueLoan {
  order_no: string;
  mobile: string;
  real_name: string;
  overdue_periods: number[];
  overdue_days: number;
  /** Unpaid principal + interest + fee of the overdue instalments. */
  overdue_amount: string;
  penalty: string;
}

/** GET /admin/api/loans/:order_no: everything about one loan. */
export interface StaffLoanView extends StaffLoan {
  instalments: Instalment[];
  vouchers: StaffVoucher[];
  payments: StaffPayment[];
  audit: AuditEntry[];
  apr_bp: number;
  penalty: string;
  overdue_days: number;
}

/** GET /admin/api/users?mobile=: one borrower and their history. */
export interface StaffBorrower {
  user: { id: number; mobile: string; nickname: string; real_name: string | null; credit: CreditLine; createtime: number };
  loans: StaffLoan[];
  vouchers: StaffVoucher[];
  payments: StaffPayment[];
  audit: AuditEntry[];
}

/** A news article as the editor sees it, whatever its status. */
export interface StaffArticle {
  id: number;
  title: string;
  summary: string;
  author: string;
  status: ArticleStatus;
  published_at: string;
}
export type ArticleStatus = 'draft' | 'published' | 'unpublished';

/** POST /admin/api/auth/login. `totp`: the 6 digits of the operator's authenticator app. */
export interface OperatorLoginRequest {
  username: string;
  password: string;
  totp: string;
}

export interface OperatorSession {
  token: string;
  /** ISO 8601. */
  expires_at: string;
  roles: OperatorRole[];
}

/** One entry of the audit log: every operator action, done or refused, once. */
export interface AuditEntry {
  id: number;
  /** ISO 8601. */
  at: string;
  username: string;
  roles: OperatorRole[];
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  outcome: 'done' | 'refused';
  reason: string | null;
  address: string;
}

/** POST /admin/api/news: a draft, published later by `publish`. */
export interface NewsDraft {
  title: string;
  summary: string;
  content: string;
  author: string;
  cover?: string;
}
