import type { Context } from '../context';
import { LoginFailureRecords } from '../repositories/login-failures';
import { Refusal, say } from './refusals';

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
        throw new Refusal(say('tooManyWrongPasswords', { minutes: minutesUntil(byAccount.oldest) }));
      }
      const byAddress = await failures.since('address', address, since);
      if (byAddress.n >= loginFailuresPerAddress) {
        throw new Refusal(say('tooManyFailedLogins', { minutes: minutesUntil(byAddress.oldest) }));
      }
      return failures.insert(account, address, now);
    });
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
