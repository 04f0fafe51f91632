import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived links to uploaded files: an `<img>` cannot send the token, so its owner is given
 * the path with an expiry and an HMAC of both. The expiry is rounded up to the next whole
 * period, so one file keeps one URL for a while and the browser's cache can serve it.
 */
export class FileLinks {
  constructor(
    private readonly secret: Buffer,
    private readonly ttlSeconds: number,
    private readonly now: () => number,
  ) {}

  sign(path: string): string {
    const expires = this.expiry();
    return `${path}?expires=${expires}&signature=${this.mac(path, expires)}`;
  }

  /** How many seconds a link signed now stays good. */
  secondsLeft(): number {
    return this.expiry() - Math.floor(this.now() / 1000);
  }

  private expiry(): number {
    return (Math.floor(this.now() / 1000 / this.ttlSeconds) + 2) * this.ttlSeconds;
  }

  /** Whether a link's expiry and signature are this server's and still good. */
  valid(path: string, expires: string, signature: string): boolean {
    if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= this.now()) return false;
    const expected = Buffer.from(this.mac(path, Number(expires)));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private mac(path: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${path}\n${expires}`).digest('base64url');
  }
}
