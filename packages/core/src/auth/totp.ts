import { Secret, TOTP } from 'otpauth';
import type { RandomSource } from '../shared/ports.js';
import { sha256Hex } from '../shared/opaque-token.js';

/** The issuer name authenticator apps show. */
export const TOTP_ISSUER = 'Trading Journal';
const PERIOD_S = 30;
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** A TOTP of RFC 6238's common profile (SHA-1, 6 digits, 30 s), which every authenticator app reads. */
function totpOf(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** A new base32 secret of 160 random bits (RFC 4226's recommended length). */
export function newTotpSecret(random: RandomSource): string {
  return new Secret({ buffer: Uint8Array.from(random.bytes(20)).buffer }).base32;
}

/** The `otpauth://totp/…` URI of a secret, for a QR code. */
export function totpUri(secret: string, account: string): string {
  return totpOf(secret, account).toString();
}

/** The current code of a secret (for tests and tools). */
export function totpCode(secret: string, now: number): string {
  return totpOf(secret, 'code').generate({ timestamp: now });
}

/**
 * The time step a six-digit code is valid for at `now` (one step of clock drift either way), or
 * undefined when it is not valid.
 */
export function totpStep(secret: string, code: string, now: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(secret, 'check').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD_S) + delta;
}

/** Ten recovery codes of 80 random bits each, written `xxxx-xxxx-xxxx-xxxx`. */
export function newRecoveryCodes(random: RandomSource, count = 10): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from(random.bytes(16), (b) => RECOVERY_ALPHABET[b & 31]).join('');
    return chars.match(/.{4}/g)?.join('-') ?? chars;
  });
}

/** What is stored of a recovery code: the SHA-256 of its 16 characters (case, spaces and dashes ignored). */
export function recoveryCodeHash(code: string): string | undefined {
  const bare = code.toLowerCase().replace(/[\s-]/g, '');
  return /^[a-z2-7]{16}$/.test(bare) ? sha256Hex(bare) : undefined;
}
