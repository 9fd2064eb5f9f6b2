import { loginSchema, passwordChangeSchema, refreshSchema, registerSchema, type TokenPair, type User } from '../schemas/auth.js';
import { type CoreDeps, isUuid } from '../shared/deps.js';
import { CoreError, ErrorCode } from '../shared/errors.js';
import { DAY_MS } from '../shared/calendar.js';
import { isoUtc } from '../shared/iso.js';
import { parseInput } from '../shared/validate.js';
import type { UserRow } from '../storage/rows.js';
import { hashPassword, OWASP_SCRYPT, type PasswordCost, verifyPassword } from './password.js';
import { hashRefreshToken, newRefreshToken, refreshTokenUser } from './refresh-token.js';

/** Port: signs access tokens (the HTTP adapter implements it with jose). */
export interface AccessTokenIssuer {
  /** Lifetime of an access token in seconds (3600). */
  readonly ttlSeconds: number;
  issue(userId: string): Promise<string>;
}

/** Auth settings. */
export interface AuthOptions {
  passwordCost?: PasswordCost;
  /** Refresh token lifetime, ms; default 7 days. */
  refreshTtlMs?: number;
  /** Failed logins per account per window before logins answer 429; default 10 in 15 minutes. */
  maxFailedLogins?: number;
  failedLoginWindowMs?: number;
}

/** The API shape of a user. */
export function userRecord(u: UserRow): User {
  return { id: u.id, email: u.email, name: u.name, createdAt: isoUtc(u.createdAt) };
}

const invalidCredentials = () => new CoreError(ErrorCode.invalidCredentials, 'email or password is wrong');
const invalidRefresh = () => new CoreError(ErrorCode.invalidRefreshToken, 'refresh token is invalid, expired or revoked');

/**
 * Users and authentication rules: registration, login with per-account throttling, refresh
 * token rotation with reuse detection, logout.
 *
 * @example const pair = await auth(deps, issuer).login({ email: 'a@b.c', password: '…' });
 */
export function auth(deps: CoreDeps, issuer?: AccessTokenIssuer, options: AuthOptions = {}) {
  const { storage, clock } = deps;
  const cost = options.passwordCost ?? OWASP_SCRYPT;
  const refreshTtl = options.refreshTtlMs ?? 7 * DAY_MS;
  const maxFailed = options.maxFailedLogins ?? 10;
  const failWindow = options.failedLoginWindowMs ?? 15 * 60_000;
  let dummyHash: Promise<string> | undefined;

  async function issuePair(user: UserRow, chainId: string): Promise<TokenPair> {
    if (!issuer) throw new Error('no access token issuer configured');
    const refreshToken = newRefreshToken(user.id, deps.random);
    const now = clock.now();
    await storage.repos.tokens.insert({
      userId: user.id,
      tokenHash: hashRefreshToken(refreshToken),
      chainId,
      expiresAt: now + refreshTtl,
      revokedAt: null,
      createdAt: now,
    });
    const accessToken = await issuer.issue(user.id);
    return { accessToken, refreshToken, expiresIn: issuer.ttlSeconds, tokenType: 'Bearer', user: userRecord(user) };
  }

  function throttleKey(email: string): { key: string; windowStart: number } {
    const now = clock.now();
    return { key: `login:${email.toLowerCase()}`, windowStart: now - (now % failWindow) };
  }

  async function createUser(input: unknown): Promise<User> {
    const body = parseInput(registerSchema, input);
    const now = clock.now();
    const row: UserRow = {
      id: deps.ids.next(),
      email: body.email,
      name: body.name,
      passwordHash: await hashPassword(body.password, cost),
      disabled: false,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await storage.repos.users.insert(row);
    } catch (e) {
      if (e instanceof CoreError && e.code === ErrorCode.conflict) {
        throw new CoreError(ErrorCode.conflict, 'a user with this email already exists');
      }
      throw e;
    }
    return userRecord(row);
  }

  return {
    /** Creates a user (the CLI's `tj user create`; no registration check). */
    createUser,
    /** Open registration: `registration_closed` unless `open`. */
    async register(input: unknown, open: boolean): Promise<User> {
      if (!open) throw new CoreError(ErrorCode.registrationClosed, 'registration is closed on this server');
      return createUser(input);
    },
    /** Email and password → a token pair; wrong either way is the same 401, in about the same time. */
    async login(input: unknown): Promise<TokenPair> {
      const { email, password } = parseInput(loginSchema, input);
      const { key, windowStart } = throttleKey(email);
      if ((await storage.repos.state.peek(key, windowStart)) >= maxFailed) {
        const retryAfter = Math.ceil((windowStart + failWindow - clock.now()) / 1000);
        throw new CoreError(
          ErrorCode.rateLimited,
          'too many failed logins for this account, try again later',
          undefined,
          retryAfter,
        );
      }
      const user = await storage.repos.users.byEmail(email);
      dummyHash ??= hashPassword('not a real password', cost);
      const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
      if (!user || !ok) {
        await storage.repos.state.hit(key, windowStart, windowStart + failWindow);
        throw invalidCredentials();
      }
      if (user.disabled) throw new CoreError(ErrorCode.forbidden, 'this account is disabled');
      await storage.repos.state.clearCounter(key);
      return issuePair(user, deps.ids.next());
    },
    /** Rotates a refresh token; presenting a revoked one revokes its whole chain. */
    async refresh(input: unknown): Promise<TokenPair> {
      const { refreshToken } = parseInput(refreshSchema, input);
      const userId = refreshTokenUser(refreshToken);
      if (!userId) throw invalidRefresh();
      const hash = hashRefreshToken(refreshToken);
      const stored = await storage.repos.tokens.get(userId, hash);
      const now = clock.now();
      if (!stored) throw invalidRefresh();
      if (stored.revokedAt !== null || !(await storage.repos.tokens.revoke(userId, hash, now))) {
        await storage.repos.tokens.revokeChain(userId, stored.chainId, now);
        throw invalidRefresh();
      }
      if (stored.expiresAt <= now) throw invalidRefresh();
      const user = await storage.repos.users.byId(userId);
      if (!user) throw invalidRefresh();
      if (user.disabled) throw new CoreError(ErrorCode.forbidden, 'this account is disabled');
      return issuePair(user, stored.chainId);
    },
    /** Revokes the refresh token's chain; unknown tokens are ignored. */
    async logout(input: unknown): Promise<void> {
      const { refreshToken } = parseInput(refreshSchema, input);
      const userId = refreshTokenUser(refreshToken);
      if (!userId) return;
      const stored = await storage.repos.tokens.get(userId, hashRefreshToken(refreshToken));
      if (stored) await storage.repos.tokens.revokeChain(userId, stored.chainId, clock.now());
    },
    /** The acting user; `unauthorized` if gone, `forbidden` if disabled. */
    async authenticate(userId: string): Promise<User> {
      const user = isUuid(userId) ? await storage.repos.users.byId(userId) : undefined;
      if (!user) throw new CoreError(ErrorCode.unauthorized, 'the user of this token no longer exists');
      if (user.disabled) throw new CoreError(ErrorCode.forbidden, 'this account is disabled');
      return userRecord(user);
    },
    /** Every user, oldest first. */
    async listUsers(): Promise<User[]> {
      return (await storage.repos.users.list()).map(userRecord);
    },
    /** A user by email, or undefined. */
    async findUser(email: string): Promise<User | undefined> {
      const u = await storage.repos.users.byEmail(email);
      return u && userRecord(u);
    },
    /** Sets a new password (the CLI's `tj user passwd`). */
    async setPassword(userId: string, input: unknown): Promise<void> {
      const { password } = parseInput(passwordChangeSchema, input);
      const user = await storage.repos.users.byId(userId);
      if (!user) throw new CoreError(ErrorCode.notFound, 'user not found');
      await storage.repos.users.update({ ...user, passwordHash: await hashPassword(password, cost), updatedAt: clock.now() });
    },
    /** Enables or disables an account. */
    async setDisabled(userId: string, disabled: boolean): Promise<void> {
      const user = await storage.repos.users.byId(userId);
      if (!user) throw new CoreError(ErrorCode.notFound, 'user not found');
      await storage.repos.users.update({ ...user, disabled, updatedAt: clock.now() });
    },
  };
}
