import { Type } from '@sinclair/typebox';
import { APPROVAL_KINDS, OPERATOR_ROLES, type ApprovalKind as Kind } from '../../roles';
import { IsoDateTime, Money, Nullable } from './common';

/**
 * The console's operators and what they leave behind: sessions, the audit log, and the changes
 * that wait for a second operator (four eyes). The values of `OPERATOR_ROLES` and
 * `APPROVAL_KINDS` (in `api/admin.ts`) are the only ones an answer writes.
 */

export const OperatorRole = Type.Union(OPERATOR_ROLES.map((role) => Type.Literal(role)));

/** The data of POST /admin/api/auth/login. */
export const OperatorSession = Type.Object({
  token: Type.String(),
  expires_at: IsoDateTime,
  roles: Type.Array(OperatorRole),
  /** The lender's time zone (`BUSINESS_TIMEZONE`): the console shows every date and time in it. */
  business_timezone: Type.String(),
});

/** GET /admin/api/auth/me: whose token it is, and the zone the console shows times in. */
export const OperatorIdentity = Type.Object({ username: Type.String(), roles: Type.Array(OperatorRole), business_timezone: Type.String() });

/**
 * One value a change changes (a setting's, or what an audited action changed), null where
 * absent on that side: its path (`terms[2].monthly_rate_bp`), what it belongs to (a term by its
 * months, a payment channel by its name, else null) and its own name (`monthly_rate_bp`,
 * `enabled`), so that a checker reads "12 months: monthly rate". A term whose price moves also
 * reads its APR (`apr_bp`, on ¥10,000), which is computed, never stored.
 */
export const SettingChange = Type.Object({
  path: Type.String(),
  term: Nullable(Type.Integer()),
  channel: Nullable(Type.String()),
  field: Type.String(),
  before: Nullable(Type.String()),
  after: Nullable(Type.String()),
});

/** One entry of the audit log: every operator action, done or refused, once. */
export const AuditEntry = Type.Object({
  id: Type.Integer(),
  at: IsoDateTime,
  username: Type.String(),
  roles: Type.Array(OperatorRole),
  action: Type.String(),
  target: Type.String(),
  /** The state before and after, as the action recorded it (null when it recorded none). */
  before: Type.Unknown(),
  after: Type.Unknown(),
  /** What the action changed, the changed values only; a setting's by term or channel (`SettingChange`). */
  changes: Type.Array(SettingChange),
  outcome: Type.Union([Type.Literal('done'), Type.Literal('refused')]),
  /** Why: a refusal's reason, or the checker's for an approval declined. */
  reason: Nullable(Type.String()),
  address: Type.String(),
  /**
   * A fold of reads (`reads=folded`): this many reads of this operator's, of one action, in the
   * hour from `at` to `last_at`, about `targets` different things (`target` is the last one's).
   */
  reads: Type.Optional(Type.Object({ count: Type.Integer(), targets: Type.Integer(), last_at: IsoDateTime })),
});

export const ApprovalKind = Type.Union((Object.keys(APPROVAL_KINDS) as Kind[]).map((kind) => Type.Literal(kind)));
export const ApprovalStatus = Type.Union([Type.Literal('awaiting'), Type.Literal('approved'), Type.Literal('declined')]);

/**
 * What an approval is about, in the words the checker decides on, by `about`: the loan to pay out,
 * the proof to confirm (its image at `proofFile`), the credit line, the setting's changed values,
 * the operator's roles or account, the refund. The borrower's phone is masked.
 */
export const ApprovalSubject = Type.Union([
  Type.Object({
    about: Type.Literal('disbursement'),
    borrower: Type.String(),
    phone: Type.String(),
    order_no: Type.String(),
    amount: Money,
    term: Type.Integer(),
  }),
  Type.Object({
    about: Type.Literal('proof'),
    voucher_id: Type.Integer(),
    borrower: Type.String(),
    phone: Type.String(),
    order_no: Type.String(),
    periods: Type.Array(Type.Integer()),
    amount: Money,
  }),
  Type.Object({
    about: Type.Literal('credit'),
    borrower: Type.String(),
    phone: Type.String(),
    /** null: the default credit line. */
    before: Nullable(Money),
    after: Money,
  }),
  Type.Object({ about: Type.Literal('setting'), changes: Type.Array(SettingChange) }),
  Type.Object({
    about: Type.Literal('roles'),
    username: Type.String(),
    before: Type.Array(OperatorRole),
    after: Type.Array(OperatorRole),
  }),
  /**
   * An account's change an admin asked for: `disable` ends it, `enable` opens it again, `totp` renews its authenticator;
   * `confirm-new` and `confirm-totp` ask a second admin to confirm that the operator the maker
   * created, or renewed the authenticator of, is who they should be. `roles`: theirs now.
   */
  Type.Object({
    about: Type.Literal('account'),
    username: Type.String(),
    change: Type.Union([
      Type.Literal('disable'),
      Type.Literal('enable'),
      Type.Literal('totp'),
      Type.Literal('confirm-new'),
      Type.Literal('confirm-totp'),
    ]),
    roles: Type.Array(OperatorRole),
  }),
  Type.Object({
    about: Type.Literal('refund'),
    order_no: Type.String(),
    amount: Money,
    payment_no: Type.String(),
    trade_no: Nullable(Type.String()),
  }),
  /** A difference to apply: to the next instalments at today's price, or to its payment's at the price shown (`at_price_shown`). */
  Type.Object({
    about: Type.Literal('apply'),
    order_no: Type.String(),
    amount: Money,
    payment_no: Type.String(),
    at_price_shown: Type.Boolean(),
    /** What the borrower was shown and what the instalments cost when the money arrived. */
    asked: Money,
    due: Nullable(Money),
  }),
]);

/** A change one operator asked for, and what a second one decided. */
export const Approval = Type.Object({
  id: Type.Integer(),
  kind: ApprovalKind,
  target: Type.String(),
  /** What the change is (the bank's reference, the new value). */
  payload: Type.Unknown(),
  /** The state when it was asked for, for the checker to compare. */
  before: Type.Unknown(),
  /** What it is about, in words; null when that is no longer on the books. */
  subject: Type.Union([ApprovalSubject, Type.Null()]),
  maker: Type.String(),
  created_at: IsoDateTime,
  status: ApprovalStatus,
  checker: Nullable(Type.String()),
  decided_at: Nullable(IsoDateTime),
  reason: Nullable(Type.String()),
  /**
   * Whether the operator reading it may decide it now: awaiting, of a kind their roles decide,
   * not asked for by them, not about their own account, and neither they nor the maker (nor the
   * operator it is about) an account the other created or renewed the authenticator of that a
   * second admin has yet to confirm.
   */
  may_decide: Type.Boolean(),
});

/** What an action that needs four eyes answers: the approval now waiting for a second operator. */
export const ApprovalAsked = Type.Object({ approval_id: Type.Integer(), status: Type.Literal('awaiting') });
