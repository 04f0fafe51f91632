import { createHash, randomBytes } from 'node:crypto';
import { seconds, type Context } from '../context';

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
  constructor(private readonly ctx: Context) {}

  issue(userId: number): IssuedToken {
    const token = randomBytes(32).toString('hex');
    const now = seconds(this.ctx.now());
    const ttl = this.ctx.config.tokenTtlSeconds;
    this.ctx.db
      .prepare('INSERT INTO tokens (token_hash, user_id, createtime, expiretime) VALUES (?, ?, ?, ?)')
      .run(hashToken(token), userId, now, now + ttl);
    return { token, expiretime: now + ttl, expires_in: ttl };
  }

  /** The user a token belongs to, or null when it is unknown, expired or revoked. */
  userIdOf(token: string): number | null {
    if (!/^[0-9a-f]{64}$/.test(token)) return null;
    const row = this.ctx.db
      .prepare('SELECT user_id FROM tokens WHERE token_hash = ? AND expiretime > ?')
      .get(hashToken(token), seconds(this.ctx.now())) as { user_id: number } | undefined;
    return row?.user_id ?? null;
  }

  revoke(token: string): void {
    this.ctx.db.prepare('DELETE FROM tokens WHERE token_hash = ?').run(hashToken(token));
  }

  /** Ends every session of a user but the one in `keep` (null: all), after its password changed. */
  revokeAllOf(userId: number, keep: string | null): void {
    this.ctx.db.prepare('DELETE FROM tokens WHERE user_id = ? AND token_hash != ?').run(userId, keep === null ? '' : hashToken(keep));
  }

  /** Makes every token of a user expire now (the development route that simulates expiry). */
  expireAllOf(userId: number): number {
    return this.ctx.db
      .prepare('UPDATE tokens SET expiretime = ? WHERE user_id = ? AND expiretime > ?')
      .run(seconds(this.ctx.now()) - 1, userId, seconds(this.ctx.now()) - 1).changes;
  }

  /** Expired tokens are useless; dropping them keeps the table small. */
  sweep(): void {
    this.ctx.db.prepare('DELETE FROM tokens WHERE expiretime <= ?').run(seconds(this.ctx.now()) - 7 * 24 * 3600);
  }
}
