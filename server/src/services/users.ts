import type { LoginResult, UserIndex } from '@instalment/shared/api';
import { maskPhone } from '@instalment/shared/format';
import { fromFen } from '@instalment/shared/loan';
import { seconds, type Context } from '../context';
import { Refusal } from '../http/errors';
import { hashPassword, verifyPassword } from './passwords';
import type { SmsService } from './sms';
import type { TokenService } from './tokens';

export interface UserRow {
  id: number;
  username: string;
  nickname: string;
  mobile: string;
  email: string;
  avatar: string;
  password_hash: string;
  money_fen: number;
  score: number;
  level: number;
  createtime: number;
}

export interface Registration {
  mobile: string;
  code: string;
  password: string;
  username: string;
  email: string;
}

/**
 * Password guessing: after 5 wrong passwords for one account within 15 minutes, that account's
 * password login rests until the oldest of them is 15 minutes old (SMS login still works).
 */
export const PASSWORD_TRIES = 5;
export const PASSWORD_WINDOW_MS = 15 * 60_000;

/** A username is 3-32 letters, digits or underscores; a phone number may only be the user's own. */
const USERNAME = /^[A-Za-z0-9_]{3,32}$/;
const PHONE_LIKE = /^1\d{10}$/;

export class UserService {
  /** Times of recent wrong passwords, by account as typed (lower case). Kept in memory: a restart forgives. */
  private readonly failedPasswords = new Map<string, number[]>();

  constructor(
    private readonly ctx: Context,
    private readonly tokens: TokenService,
    private readonly sms: SmsService,
  ) {}

  byId(id: number): UserRow | null {
    return (this.ctx.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined) ?? null;
  }

  byMobile(mobile: string): UserRow | null {
    return (this.ctx.db.prepare('SELECT * FROM users WHERE mobile = ?').get(mobile) as UserRow | undefined) ?? null;
  }

  /** Password login accepts the username or the phone (SPEC §7). */
  private byAccount(account: string): UserRow | null {
    return (
      (this.ctx.db.prepare('SELECT * FROM users WHERE username = ? OR mobile = ? ORDER BY mobile = ? DESC LIMIT 1').get(account, account, account) as
        | UserRow
        | undefined) ?? null
    );
  }

  checkUsername(username: string, mobile: string): void {
    if (PHONE_LIKE.test(username)) {
      if (username !== mobile) throw new Refusal('A username cannot be another phone number.');
      return;
    }
    if (!USERNAME.test(username)) throw new Refusal('A username has 3 to 32 letters, digits or underscores.');
  }

  async register(input: Registration): Promise<LoginResult> {
    this.checkUsername(input.username, input.mobile);
    if (this.byMobile(input.mobile)) throw new Refusal('This phone number is already registered. Log in instead.');
    if (this.ctx.db.prepare('SELECT 1 FROM users WHERE username = ?').get(input.username)) throw new Refusal('This username is taken.');
    const passwordHash = await hashPassword(input.password);
    // The code is checked last so that a form mistake elsewhere does not burn one of its tries.
    this.sms.verify(input.mobile, 'register', input.code);
    const user = this.create(input.mobile, input.username, passwordHash, input.email);
    return this.loginResult(user);
  }

  async login(account: string, password: string): Promise<LoginResult> {
    const key = account.toLowerCase();
    const now = this.ctx.now();
    const recent = (this.failedPasswords.get(key) ?? []).filter((at) => at > now - PASSWORD_WINDOW_MS);
    if (recent.length >= PASSWORD_TRIES) {
      const minutes = Math.ceil((recent[0] + PASSWORD_WINDOW_MS - now) / 60_000);
      throw new Refusal(`Too many wrong passwords. Try again in ${minutes} min, or log in with an SMS code.`);
    }
    const user = this.byAccount(account);
    // The same answer for an unknown account and a wrong password, so accounts cannot be probed.
    const valid = user !== null && user.password_hash !== '' && (await verifyPassword(password, user.password_hash));
    if (!user || !valid) {
      this.failedPasswords.set(key, [...recent, now]);
      throw new Refusal('The account or password is incorrect.');
    }
    this.failedPasswords.delete(key);
    return this.loginResult(user);
  }

  /** SMS login; like FastAdmin, a phone that has no account yet gets one. */
  mobileLogin(mobile: string, captcha: string): LoginResult {
    this.sms.verify(mobile, 'mobilelogin', captcha);
    const user = this.byMobile(mobile) ?? this.create(mobile, mobile, '', '');
    return this.loginResult(user);
  }

  index(user: UserRow): UserIndex {
    return {
      welcome: user.nickname,
      id: user.id,
      username: user.username,
      nickname: user.nickname,
      mobile: user.mobile,
      email: user.email,
      avatar: user.avatar,
      money: fromFen(user.money_fen),
      score: user.score,
      level: user.level,
    };
  }

  private create(mobile: string, username: string, passwordHash: string, email: string): UserRow {
    const nickname = username === mobile ? maskPhone(mobile) : username;
    try {
      const id = this.ctx.db
        .prepare('INSERT INTO users (username, nickname, mobile, email, password_hash, createtime) VALUES (?, ?, ?, ?, ?, ?)')
        .run(username, nickname, mobile, email, passwordHash, seconds(this.ctx.now())).lastInsertRowid;
      return this.byId(Number(id))!;
    } catch (error) {
      // Two sign-ups for one phone at the same moment: the second one loses here.
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new Refusal('This phone number or username is already registered.');
      throw error;
    }
  }

  private loginResult(user: UserRow): LoginResult {
    const issued = this.tokens.issue(user.id);
    return {
      userinfo: {
        ...issued,
        id: user.id,
        user_id: user.id,
        username: user.username,
        nickname: user.nickname,
        mobile: user.mobile,
        avatar: user.avatar,
        score: user.score,
        money: fromFen(user.money_fen),
        createtime: user.createtime,
      },
    };
  }
}
