import type { Context } from '../context';
import { Refusal } from '../http/errors';
import { say } from '../http/say';

/**
 * Password tries, counted in the database per account and per client address. A try is
 * reserved before the password is hashed, in an IMMEDIATE transaction, so that parallel
 * requests (or other processes on the same database) cannot all read the same count and slip
 * past it while their hashes run. Rows older than the window are deleted as new tries come.
 */
export class LoginAttempts {
  constructor(private readonly ctx: Context) {}

  /** Reserves a try, or refuses when the account or the address has used up its tries; returns its id. */
  reserve(account: string, address: string): number {
    const { db } = this.ctx;
    const { loginFailuresPerAccount, loginFailuresPerAddress, loginFailureWindowSeconds } = this.ctx.config.limits;
    const now = this.ctx.now();
    const windowMs = loginFailureWindowSeconds * 1000;
    const since = now - windowMs;
    const tries = (column: 'account' | 'address', key: string) =>
      db.prepare(`SELECT COUNT(*) AS n, MIN(at) AS oldest FROM login_failures WHERE ${column} = ? AND at > ?`).get(key, since) as {
        n: number;
        oldest: number | null;
      };
    const minutesUntil = (oldest: number | null) => Math.max(1, Math.ceil(((oldest ?? now) + windowMs - now) / 60_000));

    return db
      .transaction(() => {
        db.prepare('DELETE FROM login_failures WHERE at <= ?').run(since);
        const byAccount = tries('account', account);
        if (byAccount.n >= loginFailuresPerAccount) {
          throw new Refusal(say('tooManyWrongPasswords', { minutes: minutesUntil(byAccount.oldest) }));
        }
        const byAddress = tries('address', address);
        if (byAddress.n >= loginFailuresPerAddress) {
          throw new Refusal(say('tooManyFailedLogins', { minutes: minutesUntil(byAddress.oldest) }));
        }
        return Number(
          db.prepare('INSERT INTO login_failures (account, address, at) VALUES (?, ?, ?)').run(account, address, now).lastInsertRowid,
        );
      })
      .immediate();
  }

  /**
   * The password was right, so its reservation was no failure. Earlier failures stay until they
   * expire: clearing them would hand a guesser racing the owner a fresh set of tries.
   */
  release(id: number): void {
    this.ctx.db.prepare('DELETE FROM login_failures WHERE id = ?').run(id);
  }

  /** A password reset proves the owner: the account's lockout ends with it. */
  clearAccount(account: string): void {
    this.ctx.db.prepare('DELETE FROM login_failures WHERE account = ?').run(account);
  }
}
