import { createSecretKey, type KeyObject, randomBytes, randomUUID } from 'node:crypto';
import { CoreError, type AccessTokenIssuer, type Storage } from '@tj/core';
// jose's subpaths: its root would load every JOSE module (JWE, JWK sets, …) at each start of the CLI.
import { JWTExpired } from 'jose/errors';
import { SignJWT } from 'jose/jwt/sign';
import { jwtVerify } from 'jose/jwt/verify';
import { TokenCache } from './token-cache.js';
import { DEFAULTS } from '@tj/core';

const ALGORITHM = 'HS256';
const ACCESS_TYPE = 'access';
/** The token of a login's second step: a different type, so it is never taken for an access token. */
const OTP_TYPE = 'otp';
const OTP_TTL_SECONDS = 300;
const SECRET_SETTING = 'jwt_secret';

/** Minimum length of a configured JWT secret (HS256 wants at least 256 bits of key). */
export const MIN_JWT_SECRET_LENGTH = 32;

/** Access-token settings. */
export interface AccessTokenOptions {
  /** Lifetime of an access token, seconds (3600). */
  ttlSeconds?: number;
  /** How many verified tokens to remember (10,000). */
  cacheSize?: number;
  /**
   * How long a confirmed "this user exists and is enabled" holds for a cached token, ms (5,000;
   * 0 checks on every request). Disabling an account takes effect within this time.
   */
  userCheckTtlMs?: number;
}

/** Access tokens: the issuer core signs with, and the verifier of bearer tokens. */
export interface AccessTokens {
  issuer: AccessTokenIssuer;
  /**
   * The user id of a valid access token whose user is enabled; throws 401 CoreErrors
   * (`token_expired`, `unauthorized`) or whatever `checkUser` throws (403 for a disabled account).
   */
  verify(token: string, checkUser: (userId: string) => Promise<unknown>): Promise<string>;
}

/**
 * The HS256 key: the configured secret, or one generated once (32 random bytes) and kept in the
 * database so every process and restart signs with the same key. Imported once, not per request.
 */
export async function loadJwtKey(storage: Storage, configured?: string): Promise<KeyObject> {
  if (configured !== undefined) {
    if (configured.length < MIN_JWT_SECRET_LENGTH) {
      throw new Error(`the JWT secret must be at least ${MIN_JWT_SECRET_LENGTH} characters`);
    }
    return createSecretKey(Buffer.from(configured, 'utf8'));
  }
  const secret = await storage.repos.state.putSettingIfAbsent(SECRET_SETTING, randomBytes(32).toString('base64url'));
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

const unauthorized = (message: string) => new CoreError('unauthorized', message);

async function verifySignature(token: string, key: KeyObject): Promise<{ userId: string; exp: number }> {
  let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
  try {
    ({ payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], requiredClaims: ['exp', 'iat', 'sub'] }));
  } catch (e) {
    if (e instanceof JWTExpired) throw new CoreError('token_expired', 'the access token has expired');
    throw unauthorized('the access token is invalid');
  }
  if (payload.typ !== ACCESS_TYPE) throw unauthorized('this is not an access token');
  if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') throw unauthorized('the access token is invalid');
  return { userId: payload.sub, exp: payload.exp };
}

/**
 * Signs and verifies access tokens: HS256 pinned, claims sub, iat, exp, jti and `typ: 'access'`.
 * Verified tokens are cached by their exact string until they expire, so a request's auth is a
 * map lookup (plus, every few seconds, a check that the user is still enabled).
 *
 * @example const tokens = createAccessTokens(await loadJwtKey(storage)); const userId = await tokens.verify(bearer, core.auth.authenticate);
 */
export function createAccessTokens(key: KeyObject, options: AccessTokenOptions = {}): AccessTokens {
  const ttlSeconds = options.ttlSeconds ?? DEFAULTS.accessTokenTtlSeconds;
  const userCheckTtl = options.userCheckTtlMs ?? DEFAULTS.userCheckTtlMs;
  const cache = new TokenCache(options.cacheSize ?? 10_000);
  const sign = (typ: string, userId: string, ttl: number) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ typ })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt(now)
      .setExpirationTime(now + ttl)
      .setJti(randomUUID())
      .sign(key);
  };
  return {
    issuer: {
      ttlSeconds,
      issue: (userId) => sign(ACCESS_TYPE, userId, ttlSeconds),
      issueOtpChallenge: (userId) => sign(OTP_TYPE, userId, OTP_TTL_SECONDS),
      async verifyOtpChallenge(token) {
        try {
          const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], requiredClaims: ['exp', 'iat', 'sub'] });
          return payload.typ === OTP_TYPE && typeof payload.sub === 'string' ? payload.sub : undefined;
        } catch {
          return undefined;
        }
      },
    },
    async verify(token, checkUser) {
      const now = Date.now();
      const cached = cache.get(token, Math.floor(now / 1000));
      if (cached && now - cached.userCheckedAt < userCheckTtl) return cached.userId;
      const verified = cached ?? (await verifySignature(token, key));
      await checkUser(verified.userId);
      cache.set(token, { userId: verified.userId, exp: verified.exp, userCheckedAt: now });
      return verified.userId;
    },
  };
}
