import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt cost: OWASP's N=2^17, r=8, p=1 by default; tests lower N. */
export interface PasswordCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's recommended scrypt parameters. */
export const OWASP_SCRYPT: PasswordCost = { N: 2 ** 17, r: 8, p: 1 };

const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, cost: PasswordCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const maxmem = 256 * cost.N * cost.r;
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...cost, maxmem }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/**
 * Hashes a password as `scrypt$N$r$p$salt$hash` (base64), never keeping the clear text.
 *
 * @example const stored = await hashPassword('correct horse battery staple');
 */
export async function hashPassword(password: string, cost: PasswordCost = OWASP_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Checks a password against a stored hash in constant time; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
