/**
 * Who works in the console and what they may do: the operators' roles, each permission's roles,
 * and what waits for a second operator. A leaf of the contract: the schemas, the calls and the
 * console's navigation all read it, and it reads none of them.
 */
export const OPERATOR_ROLES = ['reviewer', 'finance', 'editor', 'support', 'admin', 'auditor'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
/** Roles that move money or grant roles: giving one waits for a second admin. */
export const PRIVILEGED_ROLES: readonly OperatorRole[] = ['finance', 'admin'];
/** An operator's username: 3–32 lower-case letters, digits, dots, dashes or underscores, starting with a letter. */
export const OPERATOR_USERNAME_PATTERN = '^[a-z][a-z0-9_.-]{2,31}$';

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
