import type { Static } from '@sinclair/typebox';
import type * as schema from '../schemas/user';
import type * as devSchema from '../schemas/dev';
import type { IsoDateTime } from './common';

/** POST /api/user/register. `username` defaults to the phone, `email` to ''. */
export type RegisterRequest = Static<typeof schema.RegisterRequest>;

/** GET /api/user/consents (and the answer of POST, which agrees): one per agreement the account accepted. */
export type Consent = Static<typeof schema.Consent>;

/** POST /api/user/login: `account` is the username or the phone. */
export type PasswordLoginRequest = Static<typeof schema.PasswordLoginRequest>;

/** POST /api/user/mobilelogin: the versions only when the person agreed (an unknown phone gets an account only then). */
export type SmsLoginRequest = Static<typeof schema.SmsLoginRequest>;

/** SPEC §3 "Login result userinfo". `expiretime` is epoch seconds, `expires_in` seconds from now. */
export type LoginUserinfo = Static<typeof schema.LoginUserinfo>;

/** The data of register, login and mobilelogin, as FastAdmin wraps it. */
export type LoginResult = Static<typeof schema.LoginResult>;

/** GET /api/user/index (SPEC §3). */
export type UserIndex = Static<typeof schema.UserIndex>;

/** POST /api/user/reminders. */
export type RemindersRequest = Static<typeof schema.RemindersRequest>;

/** POST /api/user/resetpwd: a forgotten password, replaced with a code sent to the account's phone. */
export type ResetPasswordRequest = Static<typeof schema.ResetPasswordRequest>;

/** POST /api/user/changepwd: every other session of the account ends. */
export type ChangePasswordRequest = Static<typeof schema.ChangePasswordRequest>;

/** POST /api/user/changemobile: `captcha` is the code sent to the new phone. */
export type ChangeMobileRequest = Static<typeof schema.ChangeMobileRequest>;

/** POST /api/user/profile. `avatar` is '' or the URL of a file this user uploaded. */
export type ProfileRequest = Static<typeof schema.ProfileRequest>;

export type SmsEvent = Static<typeof schema.SmsEvent>;

/** POST /api/user/export: a link to the borrower's archive, signed for them, short-lived. */
export type DataExportLink = Static<typeof schema.DataExportLink>;

/** GET /api/user/close: whether the account can be closed now, and the loans that keep it open. */
export type AccountClosure = Static<typeof schema.AccountClosure>;

/** POST /api/user/close: the closeaccount code sent to the account's own phone. */
export type CloseAccountRequest = Static<typeof schema.CloseAccountRequest>;

/** The data of an sms/send refusal that asks the caller to wait: seconds until a code may be sent. */
export interface SmsWait {
  wait: number;
}

/** POST /api/sms/send (the schema takes any event text, so the server can name the events it knows). */
export type SmsSendRequest = Omit<Static<typeof schema.SmsSendRequest>, 'event'> & { event: SmsEvent };

/** One message of the development SMS outbox (GET /dev/sms-outbox, never in production). */
export type SmsOutboxEntry = Static<typeof devSchema.SmsOutboxEntry>;
/** An automatic repayment notice as the development outbox lists it. */
export type OutboxNotice = Static<typeof devSchema.OutboxNotice>;

export type { IsoDateTime };
