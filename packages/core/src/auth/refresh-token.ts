import { createHash } from 'node:crypto';
import type { RandomSource } from '../shared/ports.js';

const PREFIX = 'tjr_';

/** A new refresh token: the user id (so lookups lead with it) and 256 random bits, base64url. */
export function newRefreshToken(userId: string, random: RandomSource): string {
  const id = Buffer.from(userId.replaceAll('-', ''), 'hex');
  return PREFIX + Buffer.concat([id, Buffer.from(random.bytes(32))]).toString('base64url');
}

/** The user id inside a refresh token, or undefined for anything malformed. */
export function refreshTokenUser(token: string): string | undefined {
  if (!token.startsWith(PREFIX)) return undefined;
  const raw = Buffer.from(token.slice(PREFIX.length), 'base64url');
  if (raw.length !== 48) return undefined;
  const h = raw.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** What is stored of a refresh token: its SHA-256. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
