import {
  loginSchema,
  otpLoginSchema,
  passwordChangeSchema,
  refreshSchema,
  registerSchema,
  type TokenPair,
  type User,
} from '@tj/schemas';
import { DAY_MS } from '../shared/calendar.js';
import { type CoreDeps, isUuid } from '../shared/deps.js';
import { CoreError, ErrorCode } from '../shared/errors.js';
import type { RateSpec } from '../shared/gcra.js';
import { isoUtc } from '../shared/iso.js';
import { parseInput } from '../shared/validate.js';
import type { UserRow } from '../storage/rows.js';
import { DEFAULT_FAILED_LOGINS, loginThrottle } from './login-throttle.js';
import { hashPassword, OWASP_SCRYPT, type PasswordCost, verifyPassword } from './password.js';
import { hashRefreshToken, newRefreshToken, refreshTokenUser } from './refresh-token.js';
import { secondFactor } from './second-factor.js';

/** Port: signs access tokens and the short-lived token of a login's second step (the HTTP adapter implements it with jose). */
export interface AccessTokenIssuer {
  /** Lifetime of an access token in seconds (3600). */
  readonly ttlSeconds: number;
  issue(userId: string): Promise<string>;
  /** A token (5 minutes) saying that `userId` gave the right password and now owes a one-time code. */
  issueOtpChallenge(userId: string): Promise<string>;
  /** The user id of a valid, unexpired challenge, or undefined. */
  verifyOtpChallenge(token: string): Promise<string | undefined>;
}

/** Auth settings. */
export interface AuthOptions {
  passwordCost?: PasswordCost;
  /** Refresh token lifetime, ms; default 7 days. */
  refreshTtlMs?: number;
  /** Failed logins (and one-time codes) per account before logins answer 429; default 10 per 15 minutes; false: no lockout. */
  failedLogins?: RateSpec | false;
}

/** The API shape of a user. */
export function userRecord(u: UserRow): User {
  return { id: u.id, email: u.email, name: u.name, createdAt: isoUtc(u.createdAt) };
}

const invalidCredentials = () => new CoreError(ErrorCode.invalidCredentials, 'email or password is wrong');
const invalidRefresh = () => new CoreError(ErrorCode.invalidRefreshToken, 'refresh token is invalid, expired or revoked');
const expiredChallenge = () => new CoreError(ErrorCode.invalidOtp, 'this login step has expired or is invalid: log in again');

/** Registering an email that has an account already: the field, and what to do instead (see docs/decisions.md, issue 30). */
const EMAIL_TAKEN = {
  message: 'an account with this email already exists: log in with it, or use another email',
  field: 'is already registered',
};

/**
 * Users and authentication rules: registration, login with per-account throttling and an optional
 * TOTP second step, refresh token rotation with reuse detection, logout.
 *
 * @example const pair = await auth(deps, issuer).login({ email: 'a@b.c', password: '…' });
 */
export function auth(deps: CoreDeps, issuer?: AccessTokenIssuer, options: AuthOptions = {}) {
  const { storage, clock } = deps;
  const cost = options.passwordCost ?? OWASP_SCRYPT;
  const refreshTtl = options.refreshTtlMs ?? 7 * DAY_MS;
  const throttle = loginThrottle(storage.repos.state, clock, options.failedLogins ?? DEFAULT_FAILED_LOGINS);
  let dummyHash: Promise<string> | undefined;

  async function loadUser(userId: string): Promise<UserRow> {
    const user = isUuid(userId) ? await storage.repos.users.byId(userId) : undefined;
    if (!user) throw new CoreError(ErrorCode.notFound, 'user not found');
    return user;
  }
  const totp = secondFactor(deps, throttle, loadUser);

  function requireIssuer(): AccessTokenIssuer {
    if (!issuer) throw new Error('no access token issuer configured');
    return issuer;
  }

  async function issuePair(user: UserRow, chainId: string): Promise<TokenPair> {
    const tokens = requireIssuer();
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
    const accessToken = await tokens.issue(user.id);
    return { accessToken, refreshToken, expiresIn: tokens.ttlSeconds, tokenType: 'Bearer', user: userRecord(user) };
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
        throw new CoreError(ErrorCode.conflict, EMAIL_TAKEN.message, [{ path: 'email', message: EMAIL_TAKEN.field }]);
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
    /**
     * Email and password → a token pair; wrong either way is the same 401, in about the same time.
     * With the second factor on, the right password answers 401 `otp_required` carrying an
     * `otpToken` for {@link loginOtp} instead.
     */
    async login(input: unknown): Promise<TokenPair> {
      const { email, password } = parseInput(loginSchema, input);
      await throttle.check(email);
      const user = await storage.repos.users.byEmail(email);
      dummyHash ??= hashPassword('not a real password', cost);
      const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
      if (!user || !ok) {
        await throttle.fail(email);
        throw invalidCredentials();
      }
      if (user.disabled) throw new CoreError(ErrorCode.forbidden, 'this account is disabled');
      if (await totp.enabled(user.id)) {
        const otpToken = await requireIssuer().issueOtpChallenge(user.id);
        throw new CoreError(
          ErrorCode.otpRequired,
          'this account also needs a one-time code: send it with the otpToken',
          undefined,
          undefined,
          {
            extensions: { otpToken },
          },
        );
      }
      await throttle.clear(email);
      return issuePair(user, deps.ids.next());
    },
    /** The second step of a login with the second factor on: the challenge and a code → a token pair. */
    async loginOtp(input: unknown): Promise<TokenPair> {
      const { otpToken, code } = parseInput(otpLoginSchema, input);
      const userId = await requireIssuer().verifyOtpChallenge(otpToken);
      const user = userId === undefined ? undefined : await storage.repos.users.byId(userId);
      if (!user) throw expiredChallenge();
      if (user.disabled) throw new CoreError(ErrorCode.forbidden, 'this account is disabled');
      await totp.verify(user, code);
      await throttle.clear(user.email);
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
      const user = await loadUser(userId);
      await storage.repos.users.update({ ...user, passwordHash: await hashPassword(password, cost), updatedAt: clock.now() });
    },
    /** The TOTP second factor of a user: status, enrol, confirm, disable. */
    totp: { status: totp.status, enrol: totp.enrol, confirm: totp.confirm, disable: totp.disable },
    /** Enables or disables an account. */
    async setDisabled(userId: string, disabled: boolean): Promise<void> {
      const user = await loadUser(userId);
      await storage.repos.users.update({ ...user, disabled, updatedAt: clock.now() });
    },
  };
}
