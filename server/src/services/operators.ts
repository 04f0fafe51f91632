import { createHash, randomBytes } from 'node:crypto';
import { OPERATOR_ROLES, OPERATOR_USERNAME_PATTERN, type OperatorRole, type OperatorSession } from '@instalment/contract/api';
import { authenticator } from 'otplib';
import { iso, seconds, type Context } from '../context';
import { isUniqueViolation, type Store } from '../db/store';
import { LoginFailureRecords } from '../repositories/login-failures';
import { OperatorRecords, type OperatorRow } from '../repositories/operators';
import type { Change } from './change';
import type { LoginAttempts } from './login-attempts';
import { hashPassword, verifyPassword } from './passwords';
import { Refusal, say } from './refusals';

/** A staff session lasts a working day; the console asks for the password and a code again after it. */
export const OPERATOR_SESSION_MS = 8 * 3600 * 1000;
const USERNAME = new RegExp(OPERATOR_USERNAME_PATTERN);
/** RFC 6238's default step, which authenticator apps use. */
const TOTP_STEP_SECONDS = 30;
const ISSUER = 'Instalment operations';

/** The key an operator's failed logins are counted under (beside borrowers' phone numbers). */
const accountOf = (username: string) => `operator:${username.toLowerCase()}`;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** An operator as a request knows them. */
export interface Operator {
  id: number;
  username: string;
  roles: OperatorRole[];
}

/** What `npm run operator -- add` prints, once: the password is not kept anywhere else. */
export interface NewOperator {
  username: string;
  password: string;
  totp_secret: string;
  otpauth: string;
}

export const rolesOf = (row: Pick<OperatorRow, 'roles'>): OperatorRole[] =>
  row.roles.split(',').filter((role): role is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(role));

/**
 * The lender's staff: accounts of their own (never a borrower's), a password and a TOTP code to
 * log in, failed logins slowed per account and address (never locked by a stranger elsewhere), sessions that end when revoked or when the account is
 * disabled.
 */
export class OperatorService {
  private readonly records: OperatorRecords;
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly ctx: Context,
    private readonly attempts: LoginAttempts,
  ) {
    this.records = new OperatorRecords(ctx.store);
  }

  /**
   * A new account with a random password and TOTP secret, shown this once; in `tx` when an admin's
   * audit row goes with it. Roles may be none: an admin's privileged grant waits for a second admin.
   */
  async create(username: string, roles: readonly string[], tx: Store = this.ctx.store): Promise<NewOperator> {
    if (!USERNAME.test(username)) throw new Refusal(say('operatorUsernameRule'));
    const unknown = roles.filter((role) => !(OPERATOR_ROLES as readonly string[]).includes(role));
    if (unknown.length > 0) throw new Refusal(say('operatorRolesUnknown', { roles: OPERATOR_ROLES.join(', ') }));
    const password = randomBytes(18).toString('base64url');
    const secret = authenticator.generateSecret(20);
    const passwordHash = await hashPassword(password, this.ctx.config.passwordCostLog2);
    try {
      await tx.attempt(() =>
        new OperatorRecords(tx).insert({
          username,
          password_hash: passwordHash,
          totp_secret: secret,
          roles: [...new Set(roles)].join(','),
          created_at: this.ctx.now(),
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new Refusal(say('operatorExists'));
      throw error;
    }
    return { username, password, totp_secret: secret, otpauth: this.otpauthOf(username, secret) };
  }

  /** A new TOTP secret, shown this once: the old authenticator stops working and every session ends. */
  async resetTotp(username: string, tx: Store): Promise<{ totp_secret: string; otpauth: string }> {
    const records = new OperatorRecords(tx);
    const secret = authenticator.generateSecret(20);
    const id = await records.setTotpSecret(username, secret);
    if (id === null) throw new Refusal(say('operatorNotFound'));
    await records.revokeAllOf(id);
    return { totp_secret: secret, otpauth: this.otpauthOf(username, secret) };
  }

  private otpauthOf(username: string, secret: string): string {
    return authenticator.keyuri(username, ISSUER, secret);
  }

  /** A disabled operator's sessions end at once. False when there is no such operator. */
  async disable(username: string, tx: Store = this.ctx.store): Promise<boolean> {
    const records = new OperatorRecords(tx);
    const id = await records.setDisabled(username, true);
    if (id === null) return false;
    await records.revokeAllOf(id);
    return true;
  }

  /** Ends the waits that failed logins put on an account, from every address; in `tx` when an admin's audit row goes with it. */
  async unlock(username: string, tx: Store = this.ctx.store): Promise<Change<null>> {
    if (!(await new OperatorRecords(tx).byUsername(username))) throw new Refusal(say('operatorNotFound'));
    await new LoginFailureRecords(tx).deleteAccount(accountOf(username));
    return { target: `operator:${username}`, before: undefined, after: { unlocked: true }, answer: null };
  }

  /**
   * Password and code, or one refusal that does not say which was wrong. A try is counted
   * before anything is checked (LoginAttempts), and each code is good once.
   */
  async login(username: string, password: string, totp: string, address: string): Promise<OperatorSession> {
    const reservation = await this.attempts.reserveForOperator(accountOf(username), address);
    const operator = await this.records.byUsername(username);
    const stored = operator?.password_hash ?? (await this.unknownHash());
    const passwordOk = (await verifyPassword(password, stored)) && operator !== null && operator.disabled === 0;
    // The authenticator's clock may be a step off either way: `delta` says which step matched.
    const delta =
      passwordOk && /^\d{6}$/.test(totp)
        ? authenticator.clone({ epoch: this.ctx.now(), window: 1 }).checkDelta(totp, operator!.totp_secret)
        : null;
    const step = delta === null ? null : Math.floor(seconds(this.ctx.now()) / TOTP_STEP_SECONDS) + delta;
    if (!operator || step === null || !(await this.records.useTotpStep(operator.id, step))) throw new Refusal(say('operatorLoginWrong'));
    await this.attempts.release(reservation);
    const token = randomBytes(32).toString('base64url');
    const now = this.ctx.now();
    await this.records.addToken(hashToken(token), operator.id, now, now + OPERATOR_SESSION_MS);
    return {
      token,
      expires_at: iso(now + OPERATOR_SESSION_MS),
      roles: rolesOf(operator),
      business_timezone: this.ctx.config.businessTimezone,
    };
  }

  async authenticate(token: string): Promise<Operator | null> {
    const row = await this.records.byToken(hashToken(token), this.ctx.now());
    return row && { id: row.id, username: row.username, roles: rolesOf(row) };
  }

  logout(token: string): Promise<void> {
    return this.records.revokeToken(hashToken(token));
  }

  /** What an unknown username's password is checked against, so that it costs what a known one does. */
  private unknownHash(): Promise<string> {
    this.dummyHash ??= hashPassword(randomBytes(16).toString('hex'), this.ctx.config.passwordCostLog2);
    return this.dummyHash;
  }
}
