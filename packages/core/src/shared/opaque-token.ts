import { createHash } from 'node:crypto';
import type { RandomSource } from './ports.js';

/**
 * An opaque credential: `prefix` + base64url(the user's id as 16 bytes ‖ 32 random bytes). The
 * user id inside lets every lookup lead with it (keys are user-led); the 256 random bits are the
 * secret. Refresh tokens (`tjr_`) and API keys (`tj_live_`) are made this way.
 *
 * @example const token = newOpaqueToken('tjr_', userId, cryptoRandom);
 */
export function newOpaqueToken(prefix: string, userId: string, random: RandomSource): string {
  const id = Buffer.from(userId.replaceAll('-', ''), 'hex');
  return prefix + Buffer.concat([id, Buffer.from(random.bytes(32))]).toString('base64url');
}

const BASE64URL = /^[A-Za-z0-9_-]{64}$/;

/** The user id inside an opaque token with `prefix`, or undefined for anything malformed. */
export function opaqueTokenUser(prefix: string, token: string): string | undefined {
  if (!token.startsWith(prefix)) return undefined;
  const body = token.slice(prefix.length);
  if (!BASE64URL.test(body)) return undefined;
  const h = Buffer.from(body, 'base64url').subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** What is stored of a credential: its SHA-256, hex (the secret has 256 bits: no salt or slow hash needed). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
