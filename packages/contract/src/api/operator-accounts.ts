import type { Static } from '@sinclair/typebox';
import { ADMIN_ENDPOINTS, adminPath, type OperatorRole } from './admin';
import type * as accounts from './schemas/operator-accounts';
import type { CallOptions, HttpClient } from './transport';

/** The console's management of operators' accounts (admins), typed by `schemas/operator-accounts.ts`. */
export type StaffOperator = Static<typeof accounts.StaffOperator>;
export type OperatorCredentials = Static<typeof accounts.OperatorCredentials>;
export type OperatorCreated = Static<typeof accounts.OperatorCreated>;
export type OperatorRolesChanged = Static<typeof accounts.OperatorRolesChanged>;

const at = (path: string, username: string) => adminPath(path, { username });

export const consoleOperators = (http: HttpClient, options?: CallOptions) =>
  http.get<StaffOperator[]>(ADMIN_ENDPOINTS.operators, undefined, options);

export const createOperator = (http: HttpClient, username: string, roles: OperatorRole[], options?: CallOptions) =>
  http.post<OperatorCreated>(ADMIN_ENDPOINTS.operators, { username, roles }, options);

export const changeOperatorRoles = (http: HttpClient, username: string, roles: OperatorRole[], options?: CallOptions) =>
  http.post<OperatorRolesChanged>(at(ADMIN_ENDPOINTS.operatorRoles, username), { roles }, options);

export const disableOperator = (http: HttpClient, username: string, options?: CallOptions) =>
  http.post<null>(at(ADMIN_ENDPOINTS.disableOperator, username), undefined, options);

export const unlockOperator = (http: HttpClient, username: string, options?: CallOptions) =>
  http.post<null>(at(ADMIN_ENDPOINTS.unlockOperator, username), undefined, options);

export const resetOperatorTotp = (http: HttpClient, username: string, options?: CallOptions) =>
  http.post<OperatorCredentials>(at(ADMIN_ENDPOINTS.resetOperatorTotp, username), undefined, options);
