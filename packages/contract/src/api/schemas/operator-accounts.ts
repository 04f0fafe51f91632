import { Type } from '@sinclair/typebox';
import { OPERATOR_USERNAME_PATTERN } from '../../validation/rules';
import { OPERATOR_ROLES } from '../../roles';
import { CODE_LENGTH, PASSWORD_MAX, Text } from './bounds';
import { IsoDateTime, Nullable } from './common';
import { Approval, OperatorRole } from './operators';

/** The console's management of operators' accounts (admins only; the command line keeps the first admin). */

const Roles = Type.Array(OperatorRole, { maxItems: OPERATOR_ROLES.length, uniqueItems: true });

/** One operator as an admin sees them: never their password, secret or sessions. */
export const ConsoleOperator = Type.Object({
  username: Type.String(),
  roles: Type.Array(OperatorRole),
  disabled: Type.Boolean(),
  /** Failed logins from some address used up their free tries: each further try from there waits until an admin unlocks them. */
  locked: Type.Boolean(),
  created_at: IsoDateTime,
  /** The awaiting change of their roles, if a second admin has yet to approve it. */
  roles_awaiting: Nullable(Type.Integer()),
  /** The awaiting disabling of an admin's account, and renewal of an admin's authenticator. */
  disable_awaiting: Nullable(Type.Integer()),
  /** The awaiting enabling again of a disabled operator with a privileged role. */
  enable_awaiting: Nullable(Type.Integer()),
  totp_awaiting: Nullable(Type.Integer()),
  /** The awaiting confirmation, by a second admin, of an account an admin created or renewed the authenticator of. */
  confirm_awaiting: Nullable(Type.Integer()),
});

/** POST /admin/api/operators. Roles that check, move money or grant roles (`PRIVILEGED_ROLES`) wait for a second admin. */
export const NewOperatorRequest = Type.Object({
  username: Type.String({ pattern: OPERATOR_USERNAME_PATTERN, maxLength: 32 }),
  roles: Roles,
});

/**
 * What creating an account or resetting its TOTP answers: a one-time enrolment code for the
 * operator, which the admin hands over out of band. It logs nobody in: the operator sets their
 * own password and authenticator with it (`EnrolmentBegun`), and it is kept only as a hash.
 */
export const OperatorEnrolment = Type.Object({
  username: Type.String(),
  /** Good once, until `expires_at`; the console's enrolment page takes it (`#/enrol?code=`). */
  enrolment_code: Type.String(),
  expires_at: IsoDateTime,
});

/** POST /admin/api/operators: the account, its enrolment code, and the approval its privileged roles wait for. */
export const OperatorCreated = Type.Object({
  enrolment: OperatorEnrolment,
  roles: Type.Array(OperatorRole),
  approval_id: Nullable(Type.Integer()),
});

/** The longest enrolment code a request may carry (the server's are 43 characters). */
const ENROLMENT_CODE_MAX = 64;

/** POST /admin/api/auth/enrolment: the code the operator was given. */
export const EnrolmentCodeRequest = Type.Object({ code: Text(ENROLMENT_CODE_MAX) });

/**
 * The new authenticator secret for the code's operator, shown to them alone (as text and as the
 * QR code of `otpauth`); asking again replaces it. Nothing logs in with it before `enrol`.
 */
export const EnrolmentBegun = Type.Object({
  username: Type.String(),
  totp_secret: Type.String(),
  /** The `otpauth://` URI an authenticator app scans (as a QR code). */
  otpauth: Type.String(),
  /** True after a TOTP reset: the operator keeps, and confirms, the password they have; else they choose one. */
  password_kept: Type.Boolean(),
  expires_at: IsoDateTime,
});

/**
 * POST /admin/api/auth/enrol: the code, the password (a new one, or the one kept after a
 * reset) and a code of the new authenticator, which proves it was set up. Then the operator logs in.
 */
export const EnrolRequest = Type.Object({
  code: Text(ENROLMENT_CODE_MAX),
  password: Text(PASSWORD_MAX),
  totp: Text(CODE_LENGTH),
});

/** POST /admin/api/auth/password: the signed-in operator's password and a code, and the new password. */
export const OperatorPasswordRequest = Type.Object({
  password: Text(PASSWORD_MAX),
  totp: Text(CODE_LENGTH),
  new_password: Text(PASSWORD_MAX),
});

/** POST /admin/api/operators/:username/roles. */
export const OperatorRolesRequest = Type.Object({ roles: Roles });

/** The roles in force after the change, and the approval a privileged grant waits for. */
export const OperatorRolesChanged = Type.Object({
  username: Type.String(),
  roles: Type.Array(OperatorRole),
  approval_id: Nullable(Type.Integer()),
});

/**
 * POST /admin/api/operators/:username/reset-totp: the enrolment code at once, or, for an admin's
 * account, the approval a second admin decides (who is then handed the code).
 */
export const OperatorTotpReset = Type.Object({
  username: Type.String(),
  enrolment: Type.Union([OperatorEnrolment, Type.Null()]),
  approval_id: Nullable(Type.Integer()),
});

/** POST /admin/api/operators/:username/disable: the approval id null when done at once, else what a second admin decides (an admin's account). */
export const OperatorDisabled = Type.Object({ username: Type.String(), approval_id: Nullable(Type.Integer()) });

/** POST /admin/api/operators/:username/enable: at once, or asked of a second admin (`approval_id`) for a privileged operator. */
export const OperatorEnabled = Type.Object({ username: Type.String(), approval_id: Nullable(Type.Integer()) });

/**
 * POST /admin/api/approvals/:id/approve and …/decline: the approval as decided, and the
 * enrolment code handed to the admin who approved an admin's authenticator renewal (else null).
 */
export const ApprovalDecided = Type.Composite([Approval, Type.Object({ enrolment: Type.Union([OperatorEnrolment, Type.Null()]) })]);
