import type { Context } from '../runtime/context';
import { LoginFailureRecords } from '../repositories/login-failures';
import { Refusal, sentenceOf } from './refusals';

const OPERATOR_FIRST_WAIT_MS = 15_000;

/** The wait after `failures` failures from one address, `freeTries` of them free: none, then 15 s, 30 s, 60 s… up to the window. */
export function operatorWaitMs(failures: number, freeTries: number, windowMs: number): number {
  if (failures < freeTries) return 0;
  return Math.min(OPERATOR_FIRST_WAIT_MS * 2 ** (failures - freeTries), windowMs);
}

/**
 * Password tries, counted in the database per account and per client address. A try is
 * reserved before the password is hashed, in a write that locks the account and the address, so that parallel
 * requests (or other processes on the same database) cannot all read the same count and slip
 * past it while their hashes run. Rows older than the window are deleted as new tries come.
 */
export class LoginAttempts {
  private readonly failures: LoginFailureRecords;

  constructor(private readonly ctx: Context) {
    this.failures = new LoginFailureRecords(ctx.store);
  }

  /** Reserves a try, or refuses when the account or the address has used up its tries; returns its id. */
  reserve(account: string, address: string): Promise<number> {
    const { loginFailuresPerAccount, loginFailuresPerAddress, loginFailureWindowSeconds } = this.ctx.config.limits;
    const now = this.ctx.now();
    const windowMs = loginFailureWindowSeconds * 1000;
    const since = now - windowMs;
    const minutesUntil = (oldest: number | null) => Math.max(1, Math.ceil(((oldest ?? now) + windowMs - now) / 60_000));

    return this.ctx.store.write([`login:${account}`, `login-address:${address}`], async (tx) => {
      const failures = new LoginFailureRecords(tx);
      await failures.forget(since);
      const byAccount = await failures.since('account', account, since);
      if (byAccount.n >= loginFailuresPerAccount) {
        throw new Refusal(sentenceOf('tooManyWrongPasswords', { minutes: minutesUntil(byAccount.oldest) }));
      }
      const byAddress = await failures.since('address', address, since);
      if (byAddress.n >= loginFailuresPerAddress) {
        throw new Refusal(sentenceOf('tooManyFailedLogins', { minutes: minutesUntil(byAddress.oldest) }));
      }
      return failures.insert(account, address, now);
    });
  }

  /**
   * An operator's try, counted per (account, address) and per address, never per account alone:
   * a stranger's failures from elsewhere must not shut the owner out, and the TOTP code is what
   * stops a guesser spread over many addresses. After as many failures from one address as a
   * borrower's account may have (`loginFailuresPerAccount`), each further try from it waits twice as long as the last, up to the window.
   */
  reserveForOperator(account: string, address: string): Promise<number> {
    const { loginFailuresPerAccount, loginFailuresPerAddress, loginFailureWindowSeconds } = this.ctx.config.limits;
    const now = this.ctx.now();
    const windowMs = loginFailureWindowSeconds * 1000;
    const since = now - windowMs;
    return this.ctx.store.write([`login:${account}@${address}`, `login-address:${address}`], async (tx) => {
      const failures = new LoginFailureRecords(tx);
      await failures.forget(since);
      const mine = await failures.fromAddress(account, address, since);
      const readyAt = (mine.latest ?? now) + operatorWaitMs(mine.n, loginFailuresPerAccount, windowMs);
      if (readyAt > now) throw new Refusal(sentenceOf('operatorLoginPaused', { seconds: Math.ceil((readyAt - now) / 1000) }));
      const byAddress = await failures.since('address', address, since);
      if (byAddress.n >= loginFailuresPerAddress) {
        throw new Refusal(
          sentenceOf('tooManyFailedLogins', { minutes: Math.max(1, Math.ceil(((byAddress.oldest ?? now) + windowMs - now) / 60_000)) }),
        );
      }
      return failures.insert(account, address, now);
    });
  }

  /**
   * Of these operators' accounts, those that used up their free tries from some address within the
   * window: every further try from there waits, longer each time (`reserveForOperator`), until the
   * failures leave the window or an admin unlocks the account.
   */
  async pausedOperators(accounts: readonly string[]): Promise<Set<string>> {
    const { loginFailuresPerAccount, loginFailureWindowSeconds } = this.ctx.config.limits;
    const rows = await this.failures.perAddress(accounts, this.ctx.now() - loginFailureWindowSeconds * 1000);
    return new Set(rows.filter((row) => row.n >= loginFailuresPerAccount).map((row) => row.account));
  }

  /**
   * The password was right, so its reservation was no failure. Earlier failures stay until they
   * expire: clearing them would hand a guesser racing the owner a fresh set of tries.
   */
  release(id: number): Promise<void> {
    return this.failures.delete(id);
  }

  /** A password reset proves the owner: the account's lockout ends with it. */
  clearAccount(account: string): Promise<void> {
    return this.failures.deleteAccount(account);
  }
}
