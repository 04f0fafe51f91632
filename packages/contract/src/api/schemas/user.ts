import { Type } from '@sinclair/typebox';
import {
  BIO_INPUT_MAX,
  CODE_LENGTH,
  EMAIL_MAX,
  MOBILE_LENGTH,
  NICKNAME_INPUT_MAX,
  PASSWORD_MAX,
  Text,
  URL_MAX,
  USERNAME_MAX,
  WORD_MAX,
} from './bounds';

/** GET /api/user/index (SPEC §3). */
export const UserIndex = Type.Object({
  welcome: Type.String(),
  id: Type.Integer(),
  username: Type.String(),
  nickname: Type.String(),
  mobile: Type.String(),
  email: Type.String(),
  avatar: Type.String(),
  money: Type.String(),
  score: Type.Integer(),
  level: Type.Integer(),
  bio: Type.String(),
  /** Due reminders by SMS (3 days before a due date, the day after it passes unpaid); on unless turned off. */
  sms_reminders: Type.Boolean(),
});

/** POST /api/user/reminders: due reminders by SMS on or off. */
export const RemindersRequest = Type.Object({ enabled: Type.Boolean() });

/**
 * The versions of the terms and the privacy policy a person agreed to (AGREEMENT_VERSIONS).
 * Optional to the schema only, so that the server refuses a missing one in the person's words.
 */
const AGREED_VERSIONS = {
  terms_version: Type.Optional(Text(WORD_MAX)),
  privacy_version: Type.Optional(Text(WORD_MAX)),
};

/**
 * POST /api/user/register. `username` defaults to the phone, `email` to ''. Refused without the
 * versions the person agreed to, or with older ones.
 */
export const RegisterRequest = Type.Object({
  mobile: Text(MOBILE_LENGTH),
  code: Text(CODE_LENGTH),
  password: Text(PASSWORD_MAX),
  username: Type.Optional(Text(USERNAME_MAX)),
  email: Type.Optional(Text(EMAIL_MAX)),
  ...AGREED_VERSIONS,
});

/** GET /api/user/consents: what the account agreed to, when and from which address. */
export const Consent = Type.Object({
  document: Type.Union([Type.Literal('terms'), Type.Literal('privacy')]),
  version: Type.String(),
  /** ISO 8601. */
  agreed_at: Type.String(),
  address: Type.String(),
});

/** POST /api/user/login: `account` is the username or the phone. */
export const PasswordLoginRequest = Type.Object({ account: Text(USERNAME_MAX), password: Text(PASSWORD_MAX) });

/** POST /api/user/mobilelogin. A phone without an account gets one only with the versions agreed to. */
export const SmsLoginRequest = Type.Object({ mobile: Text(MOBILE_LENGTH), captcha: Text(CODE_LENGTH), ...AGREED_VERSIONS });

/** POST /api/user/consents: a signed-in person agrees to the texts in force (asked again when they change). */
export const ConsentRequest = Type.Object(AGREED_VERSIONS);

/** POST /api/user/resetpwd: a forgotten password, replaced with a code sent to the account's phone. */
export const ResetPasswordRequest = Type.Object({
  mobile: Text(MOBILE_LENGTH),
  newpassword: Text(PASSWORD_MAX),
  captcha: Text(CODE_LENGTH),
});

/** POST /api/user/changepwd: every other session of the account ends. */
export const ChangePasswordRequest = Type.Object({ oldpassword: Text(PASSWORD_MAX), newpassword: Text(PASSWORD_MAX) });

/** POST /api/user/changemobile: `captcha` is the code sent to the new phone. */
export const ChangeMobileRequest = Type.Object({ mobile: Text(MOBILE_LENGTH), captcha: Text(CODE_LENGTH) });

/** POST /api/user/profile. `avatar` is '' or the URL of a file this user uploaded. */
export const ProfileRequest = Type.Object({
  nickname: Text(NICKNAME_INPUT_MAX),
  avatar: Text(URL_MAX),
  bio: Text(BIO_INPUT_MAX),
  email: Text(EMAIL_MAX),
});

export const SmsEvent = Type.Union([
  Type.Literal('register'),
  Type.Literal('mobilelogin'),
  Type.Literal('resetpwd'),
  Type.Literal('changemobile'),
  Type.Literal('closeaccount'),
]);

/** POST /api/sms/send. The event is judged by the server, which names the events it knows. */
export const SmsSendRequest = Type.Object({ mobile: Text(MOBILE_LENGTH), event: Text(WORD_MAX) });

/** SPEC §3 "Login result userinfo". `expiretime` is epoch seconds, `expires_in` seconds from now. */
export const LoginUserinfo = Type.Object({
  token: Type.String(),
  expiretime: Type.Integer(),
  expires_in: Type.Integer(),
  id: Type.Integer(),
  user_id: Type.Integer(),
  username: Type.String(),
  nickname: Type.String(),
  mobile: Type.String(),
  avatar: Type.String(),
  score: Type.Integer(),
  money: Type.String(),
  createtime: Type.Integer(),
});

/** The data of register, login and mobilelogin, as FastAdmin wraps it. */
export const LoginResult = Type.Object({ userinfo: LoginUserinfo });

/** POST /api/user/export: a link to the borrower's archive, signed for them and good for `expires_in` seconds (GET it; no token). */
export const DataExportLink = Type.Object({ url: Type.String(), expires_in: Type.Integer() });

/** GET /api/user/export/file/:user, as the signed link names it. */
export const DataArchiveParams = Type.Object({ user: Type.String({ pattern: '^[0-9]{1,12}$', maxLength: 12 }) });

/** GET /api/user/export/file/:user: the archive itself (zip: data.json and the uploaded files). */
export const DataArchive = Type.Unsafe<unknown>({
  type: 'string',
  format: 'binary',
  description: 'application/zip: data.json and receipts/.',
});

/** A loan that keeps an account open: one the borrower still owes on or that is still in progress. */
export const OpenLoan = Type.Object({ order_no: Type.String(), status: Type.String() });

/**
 * GET /api/user/close: whether the account can be closed now, the loans that keep it open, and
 * for how many years a closed account's loan records are kept (the server's RETENTION_YEARS).
 */
export const AccountClosure = Type.Object({ closable: Type.Boolean(), open_loans: Type.Array(OpenLoan), retention_years: Type.Integer() });

/** POST /api/user/close: `captcha` is the closeaccount code sent to the account's own phone. */
export const CloseAccountRequest = Type.Object({ captcha: Text(CODE_LENGTH) });
