import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import type { LoginUserinfo, UserIndex } from '@instalment/contract/api';

/** SPEC §3 "Stored user info", kept in local storage under `userInfo`. */
export interface StoredUserInfo {
  id: number;
  username: string;
  nickname: string;
  phone: string;
  email: string;
  avatar: string;
  bio: string;
  money: string;
  score: number;
  level: number;
}

export const STORAGE_KEYS = { userInfo: 'userInfo', token: 'token', tokenExpireTime: 'tokenExpireTime' } as const;

type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Seconds since the epoch: SPEC §4 compares the expiry with the current time in seconds. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** SPEC §3: the stored user info is built from the user index response, with its defaults. */
export function toStoredUserInfo(source: Partial<UserIndex> & Partial<LoginUserinfo>): StoredUserInfo {
  return {
    id: Number(source.id ?? source.user_id ?? 0),
    username: source.username ?? '',
    nickname: source.nickname ?? '',
    phone: source.mobile ?? '',
    email: source.email ?? '',
    avatar: source.avatar ?? '',
    bio: source.bio ?? '',
    money: source.money ?? '0.00',
    score: source.score ?? 0,
    level: source.level ?? 1,
  };
}

/**
 * The session (SPEC §3/§4, DESIGN §2): one instance, made by the shell, shared by every remote.
 * Logged in means a token that has not passed its expiry.
 */
export class SessionStore {
  userInfo: StoredUserInfo | null = null;
  token = '';
  /** Epoch seconds; 0 when unknown. */
  tokenExpireTime = 0;

  constructor(
    private readonly storage: SessionStorage,
    private readonly now: () => number = nowSeconds,
  ) {
    makeObservable(this, {
      userInfo: observableRef,
      token: observable,
      tokenExpireTime: observable,
      isLoggedIn: computed,
      restore: action,
      setLogin: action,
      setToken: action,
      setUserInfo: action,
      clear: action,
    });
  }

  get isLoggedIn(): boolean {
    return this.token !== '' && !this.isExpired();
  }

  isExpired(): boolean {
    return this.tokenExpireTime > 0 && this.tokenExpireTime <= this.now();
  }

  /** On launch: read what was stored; an expired session is cleared at once. */
  restore(): void {
    this.token = this.storage.getItem(STORAGE_KEYS.token) ?? '';
    this.tokenExpireTime = Number(this.storage.getItem(STORAGE_KEYS.tokenExpireTime) ?? 0) || 0;
    const raw = this.storage.getItem(STORAGE_KEYS.userInfo);
    try {
      this.userInfo = raw ? (JSON.parse(raw) as StoredUserInfo) : null;
    } catch {
      this.userInfo = null;
    }
    if (this.token && this.isExpired()) this.clear();
  }

  /** Logged out becomes logged in when a token is set (SPEC §4). */
  setLogin(result: LoginUserinfo): void {
    this.setToken(result.token, result.expiretime);
    this.setUserInfo(toStoredUserInfo(result));
  }

  /** A session without a borrower's profile (the operations console's operator). */
  setToken(token: string, expiretime: number): void {
    this.token = token;
    this.tokenExpireTime = expiretime;
    this.storage.setItem(STORAGE_KEYS.token, token);
    this.storage.setItem(STORAGE_KEYS.tokenExpireTime, String(expiretime));
  }

  setUserInfo(info: StoredUserInfo): void {
    this.userInfo = info;
    this.storage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(info));
  }

  clear(): void {
    this.token = '';
    this.tokenExpireTime = 0;
    this.userInfo = null;
    Object.values(STORAGE_KEYS).forEach((key) => this.storage.removeItem(key));
  }

  /**
   * Checks the token with the server (launch, app show): on any failure, or past expiry, the
   * session is cleared. Answers whether the user is still logged in.
   */
  async validate(fetchUser: () => Promise<UserIndex>): Promise<boolean> {
    if (!this.token) return false;
    if (this.isExpired()) {
      this.clear();
      return false;
    }
    try {
      const user = await fetchUser();
      this.setUserInfo(toStoredUserInfo(user));
      return true;
    } catch {
      this.clear();
      return false;
    }
  }
}
