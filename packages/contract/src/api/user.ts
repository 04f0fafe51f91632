import type { CallOptions, HttpClient } from './transport';
import type { AgreedVersions } from './agreements';
import { ENDPOINTS } from './endpoints';
import type {
  AccountClosure,
  ChangeMobileRequest,
  CloseAccountRequest,
  DataExportLink,
  ChangePasswordRequest,
  Consent,
  LoginResult,
  ProfileRequest,
  ResetPasswordRequest,
  PasswordLoginRequest,
  RegisterRequest,
  RemindersRequest,
  SmsLoginRequest,
  SmsSendRequest,
  UserIndex,
} from './types/user';

/** Username defaults to the phone and e-mail to '' (SPEC §7); the versions are those the person was shown and agreed to. */
export const register = (http: HttpClient, body: RegisterRequest & AgreedVersions, options?: CallOptions) =>
  http.post<LoginResult>(ENDPOINTS.register, { ...body, username: body.username || body.mobile, email: body.email ?? '' }, options);

/** Answers the account as it now is. */
export const setReminders = (http: HttpClient, body: RemindersRequest, options?: CallOptions) =>
  http.post<UserIndex>(ENDPOINTS.reminders, body, options);

export const consents = (http: HttpClient, options?: CallOptions) => http.get<Consent[]>(ENDPOINTS.consents, undefined, options);

/** The account agrees to the texts it was shown; answers everything the account has agreed to. */
export const agree = (http: HttpClient, body: AgreedVersions, options?: CallOptions) =>
  http.post<Consent[]>(ENDPOINTS.consents, body, options);

export const login = (http: HttpClient, body: PasswordLoginRequest, options?: CallOptions) =>
  http.post<LoginResult>(ENDPOINTS.login, body, options);

export const mobileLogin = (http: HttpClient, body: SmsLoginRequest, options?: CallOptions) =>
  http.post<LoginResult>(ENDPOINTS.mobileLogin, body, options);

export const sendSms = (http: HttpClient, body: SmsSendRequest, options?: CallOptions) => http.post<null>(ENDPOINTS.smsSend, body, options);

export const logout = (http: HttpClient, options?: CallOptions) => http.post<null>(ENDPOINTS.logout, {}, options);

export const userIndex = (http: HttpClient, options?: CallOptions) => http.get<UserIndex>(ENDPOINTS.userIndex, undefined, options);

export const resetPassword = (http: HttpClient, body: ResetPasswordRequest, options?: CallOptions) =>
  http.post<null>(ENDPOINTS.resetPassword, body, options);

export const changePassword = (http: HttpClient, body: ChangePasswordRequest, options?: CallOptions) =>
  http.post<null>(ENDPOINTS.changePassword, body, options);

export const changeMobile = (http: HttpClient, body: ChangeMobileRequest, options?: CallOptions) =>
  http.post<UserIndex>(ENDPOINTS.changeMobile, body, options);

export const updateProfile = (http: HttpClient, body: ProfileRequest, options?: CallOptions) =>
  http.post<UserIndex>(ENDPOINTS.profile, body, options);

/** A link to download everything held about the borrower; the browser saves it from the link (it cannot carry the token). */
export const dataExport = (http: HttpClient, options?: CallOptions) => http.post<DataExportLink>(ENDPOINTS.dataExport, {}, options);

export const accountClosure = (http: HttpClient, options?: CallOptions) =>
  http.get<AccountClosure>(ENDPOINTS.closeAccount, undefined, options);

/** Closes the account for good: every session ends, this one too. */
export const closeAccount = (http: HttpClient, body: CloseAccountRequest, options?: CallOptions) =>
  http.post<null>(ENDPOINTS.closeAccount, body, options);
