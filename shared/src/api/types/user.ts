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
}

export type SmsEvent = 'register' | 'mobilelogin';

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
