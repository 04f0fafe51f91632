import type { Static } from '@sinclair/typebox';
import { ADMIN_ENDPOINTS, adminPath, type OperatorRole } from './admin';
import type * as accounts from './schemas/operator-accounts';
import type { CallOptions, HttpClient } from './transport';

/** The console's management of operators' accounts (admins), typed by `schemas/operator-accounts.ts`. */
export type ConsoleOperator = Static<typeof accounts.ConsoleOperator>;
export type OperatorEnrolment = Static<typeof accounts.OperatorEnrolment>;
export type EnrolmentBegun = Static<typeof accounts.EnrolmentBegun>;
export type OperatorCreated = Static<typeof accounts.OperatorCreated>;
export type OperatorRolesChanged = Static<typeof accounts.OperatorRolesChanged>;
export type OperatorDisabled = Static<typeof accounts.OperatorDisabled>;
export type OperatorEnabled = Static<typeof accounts.OperatorEnabled>;
export type OperatorTotpReset = Static<typeof accounts.OperatorTotpReset>;
export type ApprovalDecided = Static<typeof accounts.ApprovalDecided>;

const at = (path: string, username: string) => adminPath(path, { username });

export const consoleOperators = (http: HttpClient, options?: CallOptions) =>
  http.get<ConsoleOperator[]>(ADMIN_ENDPOINTS.operators, undefined, options);

export const createOperator = (http: HttpClient, username: string, roles: OperatorRole[], options?: CallOptions) =>
  http.post<OperatorCreated>(ADMIN_ENDPOINTS.operators, { username, roles }, options);

export const changeOperatorRoles = (http: HttpClient, username: string, roles: OperatorRole[], options?: CallOptions) =>
  http.post<OperatorRolesChanged>(at(ADMIN_ENDPOINTS.operatorRoles, username), { roles }, options);

export const disableOperator = (http: HttpClient, username: string, options?: CallOptions) =>
  http.post<OperatorDisabled>(at(ADMIN_ENDPOINTS.disableOperator, username), undefined, options);

export const enableOperator = (http: HttpClient, username: string, options?: CallOptions) =>
  http.post<OperatorEnabled>(at(ADMIN_ENDPOINTS.enableOperator, username), undefined, options);

export const unlockOperator = (http: HttpClient, username: string, options?: CallOptions) =>
  http.post<null>(at(ADMIN_ENDPOINTS.unlockOperator, username), undefined, options);

export const resetOperatorTotp = (http: HttpClient, username: string, options?: CallOptions) =>
  http.post<OperatorTotpReset>(at(ADMIN_ENDPOINTS.resetOperatorTotp, username), undefined, options);

/** The new authenticator secret of the code's operator (no token: they are not enrolled yet). */
export const beginEnrolment = (http: HttpClient, code: string, options?: CallOptions) =>
  http.post<EnrolmentBegun>(ADMIN_ENDPOINTS.enrolment, { code }, options);

/** The operator's password and a code of the new authenticator: then they may log in. */
export const enrol = (http: HttpClient, body: Static<typeof accounts.EnrolRequest>, options?: CallOptions) =>
  http.post<null>(ADMIN_ENDPOINTS.enrol, body, options);

/** The signed-in operator's own new password; their other sessions end. */
export const changeOperatorPassword = (http: HttpClient, body: Static<typeof accounts.OperatorPasswordRequest>, options?: CallOptions) =>
  http.post<null>(ADMIN_ENDPOINTS.operatorPassword, body, options);
