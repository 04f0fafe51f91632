import { createHash, randomBytes } from 'node:crypto';
import {
  OPERATOR_ROLES,
  type EnrolmentBegun,
  type OperatorEnrolment,
  type OperatorRole,
  type OperatorSession,
} from '@instalment/contract/api';
import { validateOperatorUsername, validatePassword } from '@instalment/contract/validation';
import { authenticator } from 'otplib';
import { iso, seconds, type Context } from '../runtime/context';
import type { Sealed } from '../sealing/field-cipher';
import { isUniqueViolation, type Store } from '../db/store';
import { LoginFailureRecords } from '../repositories/login-failures';
import { OperatorRecords, type OperatorRow } from '../repositories/operators';
import type { Change } from './change';
import type { LoginAttempts } from './login-attempts';
import { hashPassword, verifyPassword } from './passwords';
import { check, Refusal, sentenceOf } from './refusals';
import { operatorTarget } from './operator-target';

/** A staff session lasts a working day; the console asks for the password and a code again after it. */
export const OPERATOR_SESSION_MS = 8 * 3600 * 1000;
/** How long an enrolment code is good: a day, for the admin to hand it over and the operator to use it. */
export const ENROLMENT_MS = 24 * 3600 * 1000;
/** Wrong passwords or codes an enrolment takes before its code is void (the code itself is 256 random bits). */
export const ENROLMENT_TRIES = 5;
/** What `password_hash` holds before the operator has chosen a password: no password verifies against it. */
const NO_PASSWORD = '';
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

/** A new one-time enrolment code, kept only as its hash: the operator sets their own password and authenticator with it. */
const newEnrolmentCode = () => randomBytes(32).toString('base64url');

export const rolesOf = (row: Pick<OperatorRow, 'roles'>): OperatorRole[] =>
  row.roles.split(',').filter((role): role is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(role));

/**
 * The lender's staff: accounts of their own (never a borrower's), a password and a TOTP code to
 * log in that each operator sets by enrolling (no one else is ever shown them), failed logins
 * slowed per account and address (never locked by a stranger elsewhere), sessions that end when
 * revoked or when the account is disabled.
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
   * A new account that logs nobody in until its operator enrols with the code answered here
   * (shown this once); in `tx` when an admin's audit row goes with it. `createdBy`: the admin's
   * username, or `cli:<user>`. Roles may be none: an admin's privileged grant waits for a second admin.
   */
  async create(username: string, roles: readonly string[], createdBy: string, tx: Store = this.ctx.store): Promise<OperatorEnrolment> {
    check(validateOperatorUsername, username);
    const unknown = roles.filter((role) => !(OPERATOR_ROLES as readonly string[]).includes(role));
    if (unknown.length > 0) throw new Refusal(sentenceOf('operatorRolesUnknown', { roles: OPERATOR_ROLES.join(', ') }));
    const code = newEnrolmentCode();
    const now = this.ctx.now();
    try {
      await tx.attempt(() =>
        new OperatorRecords(tx).insert({
          username,
          password_hash: NO_PASSWORD,
          totp_secret: this.unseenSecret(),
          roles: [...new Set(roles)].join(','),
          created_at: now,
          created_by: createdBy,
          enrolment_hash: hashToken(code),
          enrolment_expires_at: now + ENROLMENT_MS,
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new Refusal(sentenceOf('operatorExists'));
      throw error;
    }
    return { username, enrolment_code: code, expires_at: iso(now + ENROLMENT_MS) };
  }

  /**
   * The old authenticator stops working at once and every session ends; the operator enrols a
   * new one with the code answered here, confirming it with the password they keep.
   */
  async resetTotp(username: string, resetBy: string, tx: Store): Promise<OperatorEnrolment> {
    const records = new OperatorRecords(tx);
    const code = newEnrolmentCode();
    const now = this.ctx.now();
    const id = await records.resetForEnrolment(username, {
      totp_secret: this.unseenSecret(),
      enrolment_hash: hashToken(code),
      enrolment_expires_at: now + ENROLMENT_MS,
      reset_by: resetBy,
      reset_at: now,
    });
    if (id === null) throw new Refusal(sentenceOf('operatorNotFound'));
    await records.revokeAllOf(id);
    return { username, enrolment_code: code, expires_at: iso(now + ENROLMENT_MS) };
  }

  /**
   * The enrolling operator's new authenticator secret, for a code that is good: a fresh one at
   * each call, so whoever saw the code before them learns nothing that will work.
   */
  async beginEnrolment(code: string): Promise<EnrolmentBegun> {
    const operator = await this.enrolling(code);
    const secret = authenticator.generateSecret(20);
    await this.records.setEnrolmentSecret(operator.id, this.ctx.cipher.seal(secret));
    return {
      username: operator.username,
      totp_secret: secret,
      otpauth: authenticator.keyuri(operator.username, ISSUER, secret),
      password_kept: operator.password_hash !== NO_PASSWORD,
      expires_at: iso(operator.enrolment_expires_at!),
    };
  }

  /**
   * The enrolment finished: a new operator's chosen password (the shared password rule) or a
   * reset one's kept password, and a code of the authenticator `beginEnrolment` showed. A wrong
   * one is counted; the code is void after `ENROLMENT_TRIES`. Returns the operator's username.
   */
  async enrol(code: string, password: string, totp: string): Promise<string> {
    const operator = await this.enrolling(code);
    const kept = operator.password_hash !== NO_PASSWORD;
    if (!kept) check(validatePassword, password);
    const passwordOk = kept ? await verifyPassword(password, operator.password_hash) : true;
    const step = passwordOk ? this.stepOf(totp, operator.totp_secret) : null;
    if (step === null) {
      await this.records.countEnrolmentTry(operator.id);
      throw new Refusal(sentenceOf(kept ? 'enrolmentWrongKept' : 'enrolmentWrongCode'));
    }
    const passwordHash = kept ? operator.password_hash : await hashPassword(password, this.ctx.config.passwordCostLog2);
    if (!(await this.records.finishEnrolment(operator.id, hashToken(code), passwordHash, step)))
      throw new Refusal(sentenceOf('enrolmentCodeWrong'));
    await this.attempts.clearAccount(accountOf(operator.username));
    return operator.username;
  }

  /** The operator a good enrolment code is for: known, not spent, not expired, not worn out by wrong tries, not disabled; else null. */
  async enrollee(code: string): Promise<Operator | null> {
    const operator = await this.enrollingRow(code);
    return operator && { id: operator.id, username: operator.username, roles: rolesOf(operator) };
  }

  private async enrollingRow(code: string): Promise<OperatorRow | null> {
    const operator = await this.records.byEnrolmentHash(hashToken(code));
    const good =
      operator !== null &&
      operator.disabled === 0 &&
      operator.enrolment_tries < ENROLMENT_TRIES &&
      (operator.enrolment_expires_at ?? 0) > this.ctx.now();
    return good ? operator : null;
  }

  private async enrolling(code: string): Promise<OperatorRow> {
    const operator = await this.enrollingRow(code);
    if (!operator) throw new Refusal(sentenceOf('enrolmentCodeWrong'));
    return operator;
  }

  /** A secret no one is shown, which holds an enrolling account's place until its operator enrols their own. */
  private unseenSecret(): Sealed {
    return this.ctx.cipher.seal(authenticator.generateSecret(20));
  }

  /** The time step a 6-digit code of `sealed` matches (the authenticator's clock may be a step off either way), or null. */
  private stepOf(totp: string, sealed: Sealed): number | null {
    if (!/^\d{6}$/.test(totp)) return null;
    const delta = authenticator.clone({ epoch: this.ctx.now(), window: 1 }).checkDelta(totp, this.ctx.cipher.open(sealed));
    return delta === null ? null : Math.floor(seconds(this.ctx.now()) / TOTP_STEP_SECONDS) + delta;
  }

  /** A disabled operator's sessions end at once. False when there is no such operator. */
  async disable(username: string, tx: Store = this.ctx.store): Promise<boolean> {
    const records = new OperatorRecords(tx);
    const id = await records.setDisabled(username, true);
    if (id === null) return false;
    await records.revokeAllOf(id);
    return true;
  }

  /** Of these operators, those whose failed logins from some address make each further try wait: what `unlock` ends. */
  async locked(usernames: readonly string[]): Promise<Set<string>> {
    const paused = await this.attempts.pausedOperators(usernames.map(accountOf));
    return new Set(usernames.filter((username) => paused.has(accountOf(username))));
  }

  /** An operator disabled is enabled again; false when there is no such operator. */
  async enable(username: string, tx: Store = this.ctx.store): Promise<boolean> {
    return (await new OperatorRecords(tx).setDisabled(username, false)) !== null;
  }

  /** Ends the waits that failed logins put on an account, from every address; in `tx` when an admin's audit row goes with it. */
  async unlock(username: string, tx: Store = this.ctx.store): Promise<Change<null>> {
    if (!(await new OperatorRecords(tx).byUsername(username))) throw new Refusal(sentenceOf('operatorNotFound'));
    await new LoginFailureRecords(tx).deleteAccount(accountOf(username));
    return { target: operatorTarget(username), before: undefined, after: { unlocked: true }, answer: null };
  }

  /**
   * Password and code, or one refusal that does not say which was wrong. A try is counted
   * before anything is checked (LoginAttempts), and each code is good once. An operator who has
   * not enrolled (a new account, a reset TOTP) is refused like a wrong password.
   */
  async login(username: string, password: string, totp: string, address: string): Promise<OperatorSession> {
    const reservation = await this.attempts.reserveForOperator(accountOf(username), address);
    const signedIn = await this.checked(await this.records.byUsername(username), password, totp);
    if (!signedIn) throw new Refusal(sentenceOf('operatorLoginWrong'));
    await this.attempts.release(reservation);
    const token = randomBytes(32).toString('base64url');
    const now = this.ctx.now();
    await this.records.addToken(hashToken(token), signedIn.id, now, now + OPERATOR_SESSION_MS);
    return {
      token,
      expires_at: iso(now + OPERATOR_SESSION_MS),
      roles: rolesOf(signedIn),
      business_timezone: this.ctx.config.businessTimezone,
    };
  }

  /**
   * The signed-in operator's own new password, proved by the one they have and a code, tried
   * as a login is (counted, slowed): every other session of theirs ends, the one that asked stays.
   */
  async changePassword(
    operator: Operator,
    token: string,
    address: string,
    change: { password: string; totp: string; new_password: string },
  ) {
    const reservation = await this.attempts.reserveForOperator(accountOf(operator.username), address);
    const row = await this.checked(await this.records.byUsername(operator.username), change.password, change.totp);
    if (!row) throw new Refusal(sentenceOf('operatorPasswordWrong'));
    await this.attempts.release(reservation);
    check(validatePassword, change.new_password);
    const hash = await hashPassword(change.new_password, this.ctx.config.passwordCostLog2);
    // One write, so the session is read again in it (an operator disabled while the hash ran
    // changes nothing) and the new password never stands beside the other sessions it ends.
    await this.ctx.store.write([operatorTarget(operator.username)], async (tx) => {
      const records = new OperatorRecords(tx);
      await records.setPasswordHash(row.id, hash);
      await records.revokeOthersOf(row.id, hashToken(token));
    });
  }

  /** The operator, if enabled, enrolled, and the password and a fresh code are theirs (the code's step is then used). */
  private async checked(operator: OperatorRow | null, password: string, totp: string): Promise<OperatorRow | null> {
    // An unknown or enrolling account's password costs what a known one does.
    const stored = operator?.password_hash || (await this.unknownHash());
    const passwordOk =
      (await verifyPassword(password, stored)) && operator !== null && operator.disabled === 0 && operator.enrolment_hash === null;
    const step = passwordOk ? this.stepOf(totp, operator!.totp_secret) : null;
    return step !== null && (await this.records.useTotpStep(operator!.id, step)) ? operator : null;
  }

  /** The operator of a live session; on a write's `store`, read again there and held until it commits. */
  async authenticate(token: string, store: Store = this.ctx.store): Promise<Operator | null> {
    const row = await new OperatorRecords(store).byToken(hashToken(token), this.ctx.now());
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
