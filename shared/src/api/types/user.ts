import type { IsoDateTime } from './common';

/** POST /api/user/register. `username` defaults to the phone, `email` to ''. */
export interface RegisterRequest {
  mobile: string;
  code: string;
  password: string;
  username?: string;
  email?: string;
}

/** POST /api/user/login: `account` is the username or the phone. */
export interface PasswordLoginRequest {
  account: string;
  password: string;
}

/** POST /api/user/mobilelogin. */
export interface SmsLoginRequest {
  mobile: string;
  captcha: string;
}

/** SPEC §3 "Login result userinfo". `expiretime` is epoch seconds, `expires_in` seconds from now. */
export interface LoginUserinfo {
  token: string;
  expiretime: number;
  expires_in: number;
  id: number;
  user_id: number;
  username: string;
  nickname: string;
  mobile: string;
  avatar: string;
  score: number;
  money: string;
  createtime: number;
}

/** The data of register, login and mobilelogin, as FastAdmin wraps it. */
export interface LoginResult {
  userinfo: LoginUserinfo;
}

/** GET /api/user/index (SPEC §3). */
export interface UserIndex {
  welcome: string;
  id: number;
  username: string;
  nickname: string;
  mobile: string;
  email: string;
  avatar: string;
  money: string;
  score: number;
  level: number;
  bio: string;
}

/** POST /api/user/resetpwd: a forgotten password, replaced with a code sent to the account's phone. */
export interface ResetPasswordRequest {
  mobile: string;
  newpassword: string;
  captcha: string;
}

/** POST /api/user/changepwd: every other session of the account ends. */
export interface ChangePasswordRequest {
  oldpassword: string;
  newpassword: string;
}

/** POST /api/user/changemobile: `captcha` is the code sent to the new phone. */
export interface ChangeMobileRequest {
  mobile: string;
  captcha: string;
}

/** POST /api/user/profile. `avatar` is '' or the URL of a file this user uploaded. */
export interface ProfileRequest {
  nickname: string;
  avatar: string;
  bio: string;
  email: string;
}

export type SmsEvent = 'register' | 'mobilelogin' | 'resetpwd' | 'changemobile';

/** The data of an sms/send refusal that asks the caller to wait: seconds until a code may be sent. */
export interface SmsWait {
  wait: number;
}

/** POST /api/sms/send. */
export interface SmsSendRequest {
  mobile: string;
  event: SmsEvent;
}

/** One message of the development SMS outbox (GET /dev/sms-outbox, never in production). */
export interface SmsOutboxEntry {
  mobile: string;
  event: SmsEvent;
  code: string;
  createtime: number;
}

export type { IsoDateTime };
