import type { RandomSource } from '../shared/ports.js';
import { newOpaqueToken, opaqueTokenUser, sha256Hex } from '../shared/opaque-token.js';

const PREFIX = 'tjr_';

/** A new refresh token: the user id (so lookups lead with it) and 256 random bits, base64url. */
export function newRefreshToken(userId: string, random: RandomSource): string {
  return newOpaqueToken(PREFIX, userId, random);
}

/** The user id inside a refresh token, or undefined for anything malformed. */
export function refreshTokenUser(token: string): string | undefined {
  return opaqueTokenUser(PREFIX, token);
}

/** What is stored of a refresh token: its SHA-256. */
export const hashRefreshToken = sha256Hex;
