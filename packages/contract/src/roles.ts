/**
 * Who works in the console and what they may do: the operators' roles, each permission's roles,
 * and what waits for a second operator. A leaf of the contract: the schemas, the calls and the
 * console's navigation all read it, and it reads none of them.
 */
export const OPERATOR_ROLES = ['reviewer', 'finance', 'editor', 'support', 'admin', 'auditor', 'release'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

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
  /**
   * Borrowers' full names and phones in a CSV export (loans, overdue): finance collects and
   * reconciles against them, an auditor checks records against the people, an admin answers for
   * both. A support agent or a reviewer works on one borrower at a time, in the console; their
   * exports mask every name and phone, so a whole book never leaves in a file they can take.
   */
  personalData: ['finance', 'auditor', 'admin'],
  /** The daily report over any days, and its export: finance closes the day with it, an auditor checks it. */
  reports: ['finance', 'auditor', 'admin'],
  /**
   * The remotes' releases: which one each device loads, a canary's share, promoting and rolling
   * back. A team's release manager holds it; nothing else of the console.
   */
  releases: ['release', 'admin'],
  /** Operators' accounts: creating, roles, disabling, unlocking, a new TOTP secret. */
  operators: ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type AdminPermission = keyof typeof ADMIN_PERMISSIONS;

export function mayDo(roles: readonly OperatorRole[], permission: AdminPermission): boolean {
  return (ADMIN_PERMISSIONS[permission] as readonly OperatorRole[]).some((role) => roles.includes(role));
}

/**
 * Who may read what a permission guards: its holders, and the auditor, who reads every console
 * screen and export. The guard lets a read (GET) through by it, the console opens a screen by it.
 */
export function mayRead(roles: readonly OperatorRole[], permission: AdminPermission): boolean {
  return mayDo(roles, permission) || roles.includes('auditor');
}

/**
 * Who may change what a permission guards: its holders by a role other than the auditor's, which
 * only reads. The guard lets a write through by it; the console hides a screen's actions from an
 * operator who may read it (`mayRead`) but not act on it.
 */
export function mayAct(roles: readonly OperatorRole[], permission: AdminPermission): boolean {
  const acting = roles.filter((role) => role !== 'auditor');
  return mayDo(acting, permission);
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
  /** Crediting a borrower with money received moves it as much as refunding it does. */
  'difference.apply': 'reconcile',
  'operator.roles': 'operators',
  /** Disabling an admin or renewing an admin's authenticator: one admin alone would be left in charge. */
  'operator.disable': 'operators',
  /** Enabling again an operator who checks, moves money or grants roles (`PRIVILEGED_ROLES`): as giving them that role would. */
  'operator.enable': 'operators',
  'operator.totp': 'operators',
  /** An operator an admin created or renewed the authenticator of is someone other than that admin. */
  'operator.confirm': 'operators',
} as const satisfies Record<string, AdminPermission>;
export type ApprovalKind = keyof typeof APPROVAL_KINDS;

/** Permissions that check another's work: a borrower's application, or what another operator asked for. */
const CHECKING: readonly AdminPermission[] = ['review', ...Object.values(APPROVAL_KINDS)];
/**
 * Roles that check, move money or grant roles (reviewer, finance, admin): giving one waits for a
 * second admin, lest one admin give a checker's power to a second account of their own.
 */
export const PRIVILEGED_ROLES: readonly OperatorRole[] = OPERATOR_ROLES.filter((role) =>
  CHECKING.some((permission) => mayDo([role], permission)),
);
