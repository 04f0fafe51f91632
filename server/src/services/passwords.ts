import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt at OWASP's recommendation (N = 2^17, r = 8, p = 1: 128 MiB and ~0.1–0.5 s a hash),
 * with the parameters in the stored string so that older, weaker hashes still verify and are
 * replaced at the next successful login.
 */
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

interface Cost {
  N: number;
  r: number;
  p: number;
}

function derive(password: string, salt: Buffer, cost: Cost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Node refuses scrypt above 32 MiB unless maxmem allows the 128·N·r bytes it needs.
    const maxmem = 256 * cost.N * cost.r * cost.p;
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...cost, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string, costLog2: number): Promise<string> {
  const cost = { N: 2 ** costLog2, r: R, p: P };
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Whether a stored hash is weaker than the current cost (or in another form). */
export function needsRehash(stored: string, costLog2: number): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) < 2 ** costLog2 || Number(r) < R || Number(p) < P;
}
