import { Type } from '@sinclair/typebox';
import { APPROVAL_KINDS, OPERATOR_ROLES, type ApprovalKind as Kind } from '../admin';
import { IsoDateTime, Nullable } from './common';

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
  outcome: Type.Union([Type.Literal('done'), Type.Literal('refused')]),
  reason: Nullable(Type.String()),
  address: Type.String(),
});

export const ApprovalKind = Type.Union((Object.keys(APPROVAL_KINDS) as Kind[]).map((kind) => Type.Literal(kind)));
export const ApprovalStatus = Type.Union([Type.Literal('awaiting'), Type.Literal('approved'), Type.Literal('declined')]);

/** A change one operator asked for, and what a second one decided. */
export const Approval = Type.Object({
  id: Type.Integer(),
  kind: ApprovalKind,
  target: Type.String(),
  /** What the change is (the bank's reference, the new value). */
  payload: Type.Unknown(),
  /** The state when it was asked for, for the checker to compare. */
  before: Type.Unknown(),
  maker: Type.String(),
  created_at: IsoDateTime,
  status: ApprovalStatus,
  checker: Nullable(Type.String()),
  decided_at: Nullable(IsoDateTime),
  reason: Nullable(Type.String()),
});

/** What an action that needs four eyes answers: the approval now waiting for a second operator. */
export const ApprovalAsked = Type.Object({ approval_id: Type.Integer(), status: Type.Literal('awaiting') });
