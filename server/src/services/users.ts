import type { LoginResult, ProfileRequest, UserIndex } from '@instalment/contract/api';
import { maskPhone } from '@instalment/contract/format';
import { fromFen } from '@instalment/contract/loan';
import { seconds, type Context } from '../runtime/context';
import { type Agreed, ConsentService } from './consents';
import type { LoginAttempts } from './login-attempts';
import { hashPassword, needsRehash, verifyPassword } from './passwords';
import type { SmsService } from './sms';
import type { TokenService } from './tokens';
import { isUniqueViolation, type Store } from '../db/store';
import { UserRecords, type UserRow } from '../repositories/users';
import { Refusal, sentenceOf } from './refusals';

export type { UserRow };

export interface Registration {
  mobile: string;
  code: string;
  password: string;
  username: string;
  email: string;
  /** The versions of the agreements the person accepted; none is implied. */
  agreements: Agreed;
  /** The client address the consent came from. */
  address: string;
}

/** A username is 3-32 letters, digits or underscores; a phone number may only be the user's own. */
const USERNAME = /^[A-Za-z0-9_]{3,32}$/;
const PHONE_LIKE = /^1\d{10}$/;

/**
 * A closed account keeps its phone reserved while its loan records are kept, yet no answer may
 * tell a stranger that the number was a customer. Its phone is answered as a number with no
 * account is: a code for it is "sent" (counted, stored, never delivered), so sign-up and SMS
 * login go as far as the code and end on it, and a password never matches — the "if this number
 * can be used, a code is on its way" of sign-up forms. Only the phone's holder can tell the
 * difference (no text arrives), and they learn nothing they did not know.
 */
export const isClosed = (user: UserRow): boolean => user.closed_at !== null;

export class UserService {
  /** What an unknown account's password is checked against, so that it costs what a known one does. */
  private dummyHash: Promise<string> | null = null;

  private readonly records: UserRecords;

  constructor(
    private readonly ctx: Context,
    private readonly tokens: TokenService,
    private readonly sms: SmsService,
    private readonly attempts: LoginAttempts,
    private readonly consents: ConsentService,
  ) {
    this.records = new UserRecords(ctx.store);
  }

  byId(id: number): Promise<UserRow | null> {
    return this.records.byId(id);
  }

  byMobile(mobile: string): Promise<UserRow | null> {
    return this.records.byMobile(mobile);
  }

  checkUsername(username: string, mobile: string): void {
    if (PHONE_LIKE.test(username)) {
      if (username !== mobile) throw new Refusal(sentenceOf('usernameNotPhone'));
      return;
    }
    if (!USERNAME.test(username)) throw new Refusal(sentenceOf('usernameShape'));
  }

  async register(input: Registration): Promise<LoginResult> {
    this.checkUsername(input.username, input.mobile);
    ConsentService.check(input.agreements, sentenceOf('agreementsRequired'));
    const holder = await this.byMobile(input.mobile);
    if (holder && !isClosed(holder)) throw new Refusal(sentenceOf('phoneRegisteredLogIn'));
    if (await this.records.usernameTaken(input.username)) throw new Refusal(sentenceOf('usernameTaken'));
    // After the cheap checks, so a form mistake does not burn one of the code's tries; before the
    // hash, so that bogus registrations cost the server nothing.
    await this.sms.verify(input.mobile, 'register', input.code);
    if (holder) throw new Refusal(sentenceOf('codeFirst'));
    const passwordHash = await hashPassword(input.password, this.ctx.config.passwordCostLog2);
    const user = await this.create(input.mobile, input.username, passwordHash, input.email, (tx, userId) =>
      this.consents.record(userId, input.address, tx),
    );
    return this.loginResult(user);
  }

  /**
   * Password login from a client `address`. The try is reserved before the hash (see
   * LoginAttempts), against the account itself, so its username and its phone share one count.
   */
  async login(account: string, password: string, address: string): Promise<LoginResult> {
    // Password login accepts the username or the phone (SPEC §7).
    const user = await this.records.byAccount(account);
    const reservation = await this.attempts.reserve(user ? `user:${user.id}` : `typed:${account.toLowerCase()}`, address);
    // The same work and the same answer for an unknown account as for a wrong password.
    const stored = user && user.password_hash !== '' ? user.password_hash : await this.unknownAccountHash();
    // A closed account has no password left to match, and is answered as an unknown one (isClosed).
    const valid = (await verifyPassword(password, stored)) && user !== null && user.password_hash !== '' && !isClosed(user);
    if (!user || !valid) throw new Refusal(sentenceOf('accountOrPasswordWrong'));
    await this.attempts.release(reservation);
    if (needsRehash(user.password_hash, this.ctx.config.passwordCostLog2)) {
      const upgraded = await hashPassword(password, this.ctx.config.passwordCostLog2);
      await this.records.upgradePasswordHash(user.id, user.password_hash, upgraded);
    }
    return this.loginResult(user);
  }

  /**
   * A forgotten password, replaced with a code sent to the account's phone. The code is checked
   * first, so a guess costs no hash; the reset proves the owner, so the account's lockout ends
   * and every session (perhaps someone else's) with it.
   */
  async resetPassword(mobile: string, captcha: string, newPassword: string): Promise<void> {
    await this.sms.verify(mobile, 'resetpwd', captcha);
    // Codes are only delivered to open accounts' phones: a code that matches any other was guessed.
    const user = await this.byMobile(mobile);
    if (!user || isClosed(user)) throw new Refusal(sentenceOf('codeFirst'));
    await this.setPassword(user, newPassword);
    await this.attempts.clearAccount(`user:${user.id}`);
    await this.tokens.revokeAllOf(user.id, null);
  }

  /**
   * A new password from a signed-in user who knows the old one. The old one is checked as a
   * login is, against the same lockout, so a stolen session cannot guess it without limit.
   * Every other session of the account ends; the one that asked stays.
   */
  async changePassword(user: UserRow, token: string, oldPassword: string, newPassword: string, address: string): Promise<void> {
    const reservation = await this.attempts.reserve(`user:${user.id}`, address);
    const stored = user.password_hash !== '' ? user.password_hash : await this.unknownAccountHash();
    const valid = user.password_hash !== '' && (await verifyPassword(oldPassword, stored));
    if (!valid) throw new Refusal(sentenceOf('currentPasswordWrong'));
    await this.attempts.release(reservation);
    await this.setPassword(user, newPassword);
    await this.tokens.revokeAllOf(user.id, token);
  }

  /** Moves the account to a new phone, proven by the code sent to it; a username that was the old phone follows. */
  async changeMobile(user: UserRow, mobile: string, captcha: string): Promise<UserIndex> {
    if (mobile === user.mobile) throw new Refusal(sentenceOf('samePhone'));
    if (await this.byMobile(mobile)) throw new Refusal(sentenceOf('phoneTaken'));
    await this.sms.verify(mobile, 'changemobile', captcha);
    const username = user.username === user.mobile ? mobile : user.username;
    const nickname = user.nickname === maskPhone(user.mobile) ? maskPhone(mobile) : user.nickname;
    try {
      await this.ctx.store.write([`mobile:${mobile}`], (tx) =>
        new UserRecords(tx).setPhone(user.id, mobile, username, nickname, seconds(this.ctx.now())),
      );
    } catch (error) {
      // Another account took the phone between the check and now.
      if (isUniqueViolation(error)) throw new Refusal(sentenceOf('phoneTaken'));
      throw error;
    }
    return this.index((await this.byId(user.id))!);
  }

  /** The fields a user edits; checked by the route against the shared rules. */
  async updateProfile(user: UserRow, profile: ProfileRequest): Promise<UserIndex> {
    // A write, like every change made for a signed-in borrower: it reads their session again first (http/session-writes.ts).
    const fields = { nickname: profile.nickname, avatar: profile.avatar, bio: profile.bio, email: profile.email };
    await this.ctx.store.write([], (tx) => new UserRecords(tx).setProfile(user.id, fields));
    return this.index((await this.byId(user.id))!);
  }

  private async setPassword(user: UserRow, password: string): Promise<void> {
    const hash = await hashPassword(password, this.ctx.config.passwordCostLog2);
    await this.ctx.store.write([], (tx) => new UserRecords(tx).setPasswordHash(user.id, hash));
  }

  private unknownAccountHash(): Promise<string> {
    this.dummyHash ??= hashPassword('no account has this password', this.ctx.config.passwordCostLog2);
    return this.dummyHash;
  }

  /**
   * SMS login; like FastAdmin, a phone that has no account yet gets one, but only with the
   * person's consent (`agreed`, from `address`) to the texts in force.
   */
  async mobileLogin(mobile: string, captcha: string, agreed: Agreed, address: string): Promise<LoginResult> {
    const holder = await this.byMobile(mobile);
    const known = holder && !isClosed(holder) ? holder : null;
    // Asked before the code is used, so that the person keeps it while they read and agree. That
    // the phone has no account is told to no one new: register answers it for any phone.
    if (!known) ConsentService.check(agreed, sentenceOf('newAccountNeedsAgreement'));
    await this.sms.verify(mobile, 'mobilelogin', captcha);
    // A closed account's phone neither signs in nor opens a new account; its code was never delivered.
    if (holder && !known) throw new Refusal(sentenceOf('codeFirst'));
    const user = known ?? (await this.create(mobile, mobile, '', '', (tx, userId) => this.consents.record(userId, address, tx)));
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
      sms_reminders: user.sms_reminders === 1,
    };
  }

  /** `alongside`: written in the same transaction, so an account never exists without it. */
  private async create(
    mobile: string,
    username: string,
    passwordHash: string,
    email: string,
    alongside?: (tx: Store, userId: number) => Promise<void>,
  ): Promise<UserRow> {
    const nickname = username === mobile ? maskPhone(mobile) : username;
    try {
      const id = await this.ctx.store.write([`mobile:${mobile}`], async (tx) => {
        const userId = await new UserRecords(tx).insert({
          username,
          nickname,
          mobile,
          email,
          password_hash: passwordHash,
          createtime: seconds(this.ctx.now()),
          mobile_since: seconds(this.ctx.now()),
        });
        await alongside?.(tx, userId);
        return userId;
      });
      return (await this.byId(id))!;
    } catch (error) {
      // Two sign-ups for one phone at the same moment: the second one loses here.
      if (isUniqueViolation(error)) throw new Refusal(sentenceOf('phoneOrUsernameTaken'));
      throw error;
    }
  }

  private async loginResult(user: UserRow): Promise<LoginResult> {
    const issued = await this.tokens.issue(user.id);
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
