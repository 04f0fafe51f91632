import { Type } from '@sinclair/typebox';
import { OPERATOR_ROLES, OPERATOR_USERNAME_PATTERN } from '../roles';
import { IsoDateTime, Nullable } from './common';
import { OperatorRole } from './operators';

/** The console's management of operators' accounts (admins only; the command line keeps the first admin). */

const Roles = Type.Array(OperatorRole, { maxItems: OPERATOR_ROLES.length, uniqueItems: true });

/** One operator as an admin sees them: never their password, secret or sessions. */
export const StaffOperator = Type.Object({
  username: Type.String(),
  roles: Type.Array(OperatorRole),
  disabled: Type.Boolean(),
  created_at: IsoDateTime,
  /** The awaiting change of their roles, if a second admin has yet to approve it. */
  roles_awaiting: Nullable(Type.Integer()),
});

/** POST /admin/api/operators. Roles that move money or grant roles (`finance`, `admin`) wait for a second admin. */
export const NewOperatorRequest = Type.Object({
  username: Type.String({ pattern: OPERATOR_USERNAME_PATTERN, maxLength: 32 }),
  roles: Roles,
});

/** What creating an account or resetting its TOTP answers, once: the secrets are kept nowhere else in clear. */
export const OperatorCredentials = Type.Object({
  username: Type.String(),
  /** Null when only the TOTP was reset: the password stays the operator's. */
  password: Nullable(Type.String()),
  totp_secret: Type.String(),
  /** The `otpauth://` URI an authenticator app scans (as a QR code). */
  otpauth: Type.String(),
});

/** POST /admin/api/operators: the account, its credentials, and the approval its privileged roles wait for. */
export const OperatorCreated = Type.Object({
  credentials: OperatorCredentials,
  roles: Type.Array(OperatorRole),
  approval_id: Nullable(Type.Integer()),
});

/** POST /admin/api/operators/:username/roles. */
export const OperatorRolesRequest = Type.Object({ roles: Roles });

/** The roles in force after the change, and the approval a privileged grant waits for. */
export const OperatorRolesChanged = Type.Object({
  username: Type.String(),
  roles: Type.Array(OperatorRole),
  approval_id: Nullable(Type.Integer()),
});
