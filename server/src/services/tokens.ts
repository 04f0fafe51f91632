import { createHash, randomBytes } from 'node:crypto';
import { seconds, type Context } from '../runtime/context';
import type { Store } from '../db/store';
import { TokenRecords } from '../repositories/tokens';
import type { UserRow } from '../repositories/users';

export interface IssuedToken {
  token: string;
  /** Epoch seconds. */
  expiretime: number;
  /** Seconds from now. */
  expires_in: number;
}

/** Only the hash is stored: a leaked database does not hand out sessions. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class TokenService {
  private readonly records: TokenRecords;

  constructor(private readonly ctx: Context) {
    this.records = new TokenRecords(ctx.store);
  }

  async issue(userId: number): Promise<IssuedToken> {
    const token = randomBytes(32).toString('hex');
    const now = seconds(this.ctx.now());
    const ttl = this.ctx.config.tokenTtlSeconds;
    await this.records.insert(hashToken(token), userId, now, now + ttl);
    return { token, expiretime: now + ttl, expires_in: ttl };
  }

  /** The account a token belongs to, or null when it is unknown, expired or revoked. */
  async userOf(token: string): Promise<UserRow | null> {
    if (!/^[0-9a-f]{64}$/.test(token)) return null;
    return this.records.liveUser(hashToken(token), seconds(this.ctx.now()));
  }

  /**
   * The account of a token, read again inside the write `tx` that acts for it and held until it
   * commits: null when the session ended or the account was closed since the request began.
   */
  async heldUserOf(tx: Store, token: string): Promise<UserRow | null> {
    return new TokenRecords(tx).heldOpenUser(hashToken(token), seconds(this.ctx.now()));
  }

  async revoke(token: string): Promise<void> {
    await this.records.delete(hashToken(token));
  }

  /** Ends every session of a user but the one in `keep` (null: all), after its password changed. */
  async revokeAllOf(userId: number, keep: string | null): Promise<void> {
    await this.records.deleteAllOfBut(userId, keep === null ? '' : hashToken(keep));
  }

  /** Makes every token of a user expire now (the development route that simulates expiry). */
  expireAllOf(userId: number): Promise<number> {
    return this.records.expireAllOf(userId, seconds(this.ctx.now()) - 1);
  }

  /** Expired tokens are useless; dropping them keeps the table small. */
  async sweep(): Promise<void> {
    await this.records.deleteExpiredBefore(seconds(this.ctx.now()) - 7 * 24 * 3600);
  }
}
