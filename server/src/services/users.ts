import type { LoginResult, ProfileRequest, UserIndex } from '@instalment/shared/api';
import { maskPhone } from '@instalment/shared/format';
import { fromFen } from '@instalment/shared/loan';
import { seconds, type Context } from '../context';
import { Refusal } from '../http/errors';
import type { LoginAttempts } from './login-attempts';
import { hashPassword, needsRehash, verifyPassword } from './passwords';
import type { SmsService } from './sms';
import type { TokenService } from './tokens';
import { say } from '../http/say';

export interface UserRow {
  id: number;
  username: string;
  nickname: string;
  mobile: string;
  email: string;
  avatar: string;
  bio: string;
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

/** A username is 3-32 letters, digits or underscores; a phone number may only be the user's own. */
const USERNAME = /^[A-Za-z0-9_]{3,32}$/;
const PHONE_LIKE = /^1\d{10}$/;

export class UserService {
  /** What an unknown account's password is checked against, so that it costs what a known one does. */
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly ctx: Context,
    private readonly tokens: TokenService,
    private readonly sms: SmsService,
    private readonly attempts: LoginAttempts,
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
      (this.ctx.db
        .prepare('SELECT * FROM users WHERE username = ? OR mobile = ? ORDER BY mobile = ? DESC LIMIT 1')
        .get(account, account, account) as UserRow | undefined) ?? null
    );
  }

  checkUsername(username: string, mobile: string): void {
    if (PHONE_LIKE.test(username)) {
      if (username !== mobile) throw new Refusal(say('usernameNotPhone'));
      return;
    }
    if (!USERNAME.test(username)) throw new Refusal(say('usernameShape'));
  }

  async register(input: Registration): Promise<LoginResult> {
    this.checkUsername(input.username, input.mobile);
    if (this.byMobile(input.mobile)) throw new Refusal(say('phoneRegisteredLogIn'));
    if (this.ctx.db.prepare('SELECT 1 FROM users WHERE username = ?').get(input.username)) throw new Refusal(say('usernameTaken'));
    // After the cheap checks, so a form mistake does not burn one of the code's tries; before the
    // hash, so that bogus registrations cost the server nothing.
    this.sms.verify(input.mobile, 'register', input.code);
    const passwordHash = await hashPassword(input.password, this.ctx.config.passwordCostLog2);
    const user = this.create(input.mobile, input.username, passwordHash, input.email);
    return this.loginResult(user);
  }

  /**
   * Password login from a client `address`. The try is reserved before the hash (see
   * LoginAttempts), against the account itself, so its username and its phone share one count.
   */
  async login(account: string, password: string, address: string): Promise<LoginResult> {
    const user = this.byAccount(account);
    const reservation = this.attempts.reserve(user ? `user:${user.id}` : `typed:${account.toLowerCase()}`, address);
    // The same work and the same answer for an unknown account as for a wrong password.
    const stored = user && user.password_hash !== '' ? user.password_hash : await this.unknownAccountHash();
    const valid = (await verifyPassword(password, stored)) && user !== null && user.password_hash !== '';
    if (!user || !valid) throw new Refusal(say('accountOrPasswordWrong'));
    this.attempts.release(reservation);
    if (needsRehash(user.password_hash, this.ctx.config.passwordCostLog2)) {
      const upgraded = await hashPassword(password, this.ctx.config.passwordCostLog2);
      this.ctx.db
        .prepare('UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?')
        .run(upgraded, user.id, user.password_hash);
    }
    return this.loginResult(user);
  }

  /**
   * A forgotten password, replaced with a code sent to the account's phone. The code is checked
   * first, so a guess costs no hash; the reset proves the owner, so the account's lockout ends
   * and every session (perhaps someone else's) with it.
   */
  async resetPassword(mobile: string, captcha: string, newPassword: string): Promise<void> {
    this.sms.verify(mobile, 'resetpwd', captcha);
    // Codes are only delivered to registered phones, so a matching code means the account exists.
    const user = this.byMobile(mobile);
    if (!user) throw new Refusal(say('codeFirst'));
    await this.setPassword(user, newPassword);
    this.attempts.clearAccount(`user:${user.id}`);
    this.tokens.revokeAllOf(user.id, null);
  }

  /**
   * A new password from a signed-in user who knows the old one. The old one is checked as a
   * login is, against the same lockout, so a stolen session cannot guess it without limit.
   * Every other session of the account ends; the one that asked stays.
   */
  async changePassword(user: UserRow, token: string, oldPassword: string, newPassword: string, address: string): Promise<void> {
    const reservation = this.attempts.reserve(`user:${user.id}`, address);
    const stored = user.password_hash !== '' ? user.password_hash : await this.unknownAccountHash();
    const valid = user.password_hash !== '' && (await verifyPassword(oldPassword, stored));
    if (!valid) throw new Refusal(say('currentPasswordWrong'));
    this.attempts.release(reservation);
    await this.setPassword(user, newPassword);
    this.tokens.revokeAllOf(user.id, token);
  }

  /** Moves the account to a new phone, proven by the code sent to it; a username that was the old phone follows. */
  changeMobile(user: UserRow, mobile: string, captcha: string): UserIndex {
    if (mobile === user.mobile) throw new Refusal(say('samePhone'));
    if (this.byMobile(mobile)) throw new Refusal(say('phoneTaken'));
    this.sms.verify(mobile, 'changemobile', captcha);
    const username = user.username === user.mobile ? mobile : user.username;
    const nickname = user.nickname === maskPhone(user.mobile) ? maskPhone(mobile) : user.nickname;
    try {
      this.ctx.db.prepare('UPDATE users SET mobile = ?, username = ?, nickname = ? WHERE id = ?').run(mobile, username, nickname, user.id);
    } catch (error) {
      // Another account took the phone between the check and now.
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new Refusal(say('phoneTaken'));
      throw error;
    }
    return this.index(this.byId(user.id)!);
  }

  /** The fields a user edits; checked by the route against the shared rules. */
  updateProfile(user: UserRow, profile: ProfileRequest): UserIndex {
    this.ctx.db
      .prepare('UPDATE users SET nickname = ?, avatar = ?, bio = ?, email = ? WHERE id = ?')
      .run(profile.nickname, profile.avatar, profile.bio, profile.email, user.id);
    return this.index(this.byId(user.id)!);
  }

  private async setPassword(user: UserRow, password: string): Promise<void> {
    const hash = await hashPassword(password, this.ctx.config.passwordCostLog2);
    this.ctx.db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hash, user.id);
  }

  private unknownAccountHash(): Promise<string> {
    this.dummyHash ??= hashPassword('no account has this password', this.ctx.config.passwordCostLog2);
    return this.dummyHash;
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
      bio: user.bio,
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
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new Refusal(say('phoneOrUsernameTaken'));
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
