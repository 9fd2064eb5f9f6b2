import { homedir } from 'node:os';
import { join } from 'node:path';
import type { BrokerFormat, InputLimits, PasswordCost, Storage } from '@tj/core';
import { INPUT_LIMIT_NAMES } from '@tj/core/internal';
import proxyAddr from 'proxy-addr';
import type { Logger } from './server/logger.js';
import { DEFAULTS } from '@tj/core';

/** One rate limit: `limit` per `windowSeconds`. */
export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

/**
 * The server's rate limits; each can be set or turned off (`false`) on its own, and a missing one
 * takes its default ({@link DEFAULT_RATE_LIMITS}).
 */
export interface RateLimitConfig {
  /** Authenticated requests per user. */
  user?: RateLimit | false;
  /** Unauthenticated requests (and requests with a bad token) per client address. */
  ip?: RateLimit | false;
  /** Failed logins and one-time codes per account, before that account's logins answer 429. */
  login?: RateLimit | false;
  /** Where request counters live; default `memory` on SQLite (one process), `database` on PostgreSQL (shared). */
  store?: 'memory' | 'database';
}

/** Everything the HTTP server runs with (contract section 8, plus knobs for tests and embedders). */
export interface ServerConfig {
  /** A SQLite path, `sqlite:<path>`, `:memory:` or `postgres://…`. */
  databaseUrl: string;
  port: number;
  host: string;
  /** HS256 secret (≥ 32 characters); when absent one is generated once and kept in the database. */
  jwtSecret?: string | undefined;
  openRegistration: boolean;
  allowPrivateWebhooks: boolean;
  /** Base URL of the ECB's data API (`TJ_ECB_URL`; default the real service): where `tj fx fetch` gets rates. */
  ecbUrl?: string | undefined;
  /** Base URL of Databento's historical API (`TJ_DATABENTO_URL`; default the real service): where `tj bars fetch --provider databento` gets bars. */
  databentoUrl?: string | undefined;
  /** Base URL of Polygon's API (`TJ_POLYGON_URL`; default the real service): where `tj bars fetch --provider polygon` gets bars. */
  polygonUrl?: string | undefined;
  /** Seconds after the previous attempt; undefined means core's default schedule. */
  webhookRetrySchedule?: number[] | undefined;
  /** Days finished webhook events are kept before the worker purges them (0: forever); undefined means core's 30. */
  webhookRetentionDays?: number | undefined;
  /** scrypt cost (OWASP's N=2^17 by default; tests lower it). */
  passwordCost?: PasswordCost;
  /** Rate limits (defaults: 600 requests per minute per user and per address, 10 failed logins per 15 minutes per account); false turns them all off. */
  rateLimit?: RateLimitConfig | false;
  /**
   * Proxies whose `X-Forwarded-For` is believed (CIDRs, addresses, or `loopback`, `linklocal`,
   * `uniquelocal`); default none: the client address is the socket's.
   */
  trustProxy?: string[];
  /** Access log and error log; default JSON lines on stdout. */
  logger?: Logger;
  /** An already open storage to use instead of opening `databaseUrl` (the caller keeps ownership). */
  storage?: Storage;
  /** How long a shutdown waits for in-flight requests before cutting connections (ms, default 10 s). */
  shutdownTimeoutMs?: number;
  /**
   * How long a client may take to send a whole request before it gets 408 (ms, default 30 s; its
   * headers: at most 10 s; 0: no limit). An upload (`POST /api/imports`) may take longer as long as
   * it keeps arriving: it gets 408 only after this long without a byte.
   */
  requestTimeoutMs?: number;
  /**
   * How long a cached access token's "user exists and is enabled" check holds, ms (5,000; 0 checks
   * on every request). Disabling an account takes effect within this time.
   */
  userCheckTtlMs?: number;
  /** Browser origins allowed to call the API (CORS); `*` for any; default none. */
  corsOrigins?: string[];
  /** The largest file `POST /api/imports` accepts, in bytes (default 50 MB); larger answers 413. */
  maxUploadBytes?: number;
  /**
   * Bounds on reading untrusted input (imports and JSON bodies: bytes, records, record length,
   * nesting depth, an import's memory); each left out keeps its default (`DEFAULTS.inputLimits`).
   */
  inputLimits?: Partial<InputLimits>;
  /** Import formats of the embedding application (`defineFormat`), beside the built-in ones: clients see them in `GET /api/imports/formats`. */
  formats?: Iterable<BrokerFormat>;
}

/** Command-line flags as the CLI passes them (strings from the command line, or already typed). */
export interface ServerFlags {
  db?: string | undefined;
  port?: string | number | undefined;
  host?: string | undefined;
  openRegistration?: boolean | undefined;
  allowPrivateWebhooks?: boolean | undefined;
  webhookRetrySchedule?: string | number[] | undefined;
  webhookRetentionDays?: string | number | undefined;
  corsOrigins?: string | string[] | undefined;
  /** `off`, or `user=600/1m,ip=600/1m,login=10/15m` (any subset; `name=off` turns one off). */
  rateLimit?: string | undefined;
  trustProxy?: string | string[] | undefined;
  /** `50MB`, `200MB`, `1GB` or a number of bytes. */
  maxUpload?: string | undefined;
  /** `maxDepth=32,maxMemoryBytes=256MB` (any subset of the bounds; sizes as for `maxUpload`). */
  inputLimits?: string | undefined;
}

/** Default rate limits (`DEFAULTS.rateLimits`): generous enough for a trading app, strict on failed logins. */
export const DEFAULT_RATE_LIMITS: Required<Omit<RateLimitConfig, 'store'>> = DEFAULTS.rateLimits;

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600 };
const LIMIT_NAMES = ['user', 'ip', 'login'] as const;

/**
 * Reads a `--rate-limit` value: `off` (every limit off), or a comma-separated list of
 * `name=count/period` (`user=600/1m`, `ip=100/60s`, `login=10/15m`; a bare period is seconds)
 * and `name=off`. Limits not named keep their defaults.
 *
 * @example parseRateLimits('user=1200/1m,login=off') // { user: { limit: 1200, windowSeconds: 60 }, login: false }
 */
export function parseRateLimits(value: string): RateLimitConfig | false {
  const text = value.trim().toLowerCase();
  if (text === 'off' || text === 'false') return false;
  const config: RateLimitConfig = {};
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const m = /^(user|ip|login)=(?:(off)|(\d+)\/(\d+)([smh]?))$/.exec(part);
    if (!m) {
      throw new Error(
        `a rate limit must look like user=600/1m, ip=100/60s, login=10/15m or login=off (or be off), not "${part}"`,
      );
    }
    const name = m[1] as (typeof LIMIT_NAMES)[number];
    const limit = Number(m[3]);
    const windowSeconds = Number(m[4]) * (UNIT_SECONDS[m[5] || 's'] ?? 1);
    if (m[2] !== 'off' && (limit < 1 || windowSeconds < 1))
      throw new Error(`a rate limit needs a count and a period of at least 1, not "${part}"`);
    config[name] = m[2] === 'off' ? false : { limit, windowSeconds };
  }
  return config;
}

function parseTrustProxy(value: string | string[]): string[] {
  const entries = (Array.isArray(value) ? value : value.split(',')).map((e) => e.trim()).filter((e) => e !== '');
  try {
    proxyAddr.compile(entries);
  } catch (e) {
    throw new Error(`--trust-proxy takes addresses, CIDRs, loopback, linklocal or uniquelocal: ${(e as Error).message}`);
  }
  return entries;
}

/** The default database: `journal.db` in the XDG data directory (`$XDG_DATA_HOME` or `~/.local/share`). */
export function defaultDatabasePath(env: Record<string, string | undefined>): string {
  const dataHome = env.XDG_DATA_HOME || join(env.HOME || homedir(), '.local', 'share');
  return join(dataHome, 'trading-journal', 'journal.db');
}

function parseBool(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '') return false;
  const v = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off'].includes(v)) return false;
  throw new Error(`${name} must be true or false, not "${value}"`);
}

function parsePort(value: string | number): number {
  const port = typeof value === 'number' ? value : Number(value.trim());
  if (!Number.isInteger(port) || port < 0 || port > 65535 || String(value).trim() === '') {
    throw new Error(`the port must be an integer from 0 to 65535, not "${value}"`);
  }
  return port;
}

function parseOrigins(value: string | string[]): string[] {
  const origins = (Array.isArray(value) ? value : value.split(',')).map((o) => o.trim()).filter((o) => o !== '');
  for (const o of origins) {
    if (o !== '*' && !/^https?:\/\/[^/\s]+$/.test(o)) {
      throw new Error(`a CORS origin must look like https://app.example.com (no path) or be *, not "${o}"`);
    }
  }
  return origins;
}

const SIZE = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb|kib|mib|gib)?$/i;
const UNIT: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 };

/** `50MB`, `1GB`, `64MiB`, `1048576` in bytes (KB, MB, GB decimal; KiB, MiB, GiB binary); NaN when not a size. */
function bytesOf(value: string): number {
  const m = SIZE.exec(value.trim());
  return m ? Math.floor(Number(m[1]) * (UNIT[(m[2] ?? 'b').toLowerCase()] as number)) : Number.NaN;
}

/** An upload limit: a size of at least one byte (see {@link bytesOf}). */
function parseSize(value: string): number {
  const bytes = bytesOf(value);
  if (!(bytes >= 1)) throw new Error(`the upload limit must be a size such as 50MB, 1GB or a number of bytes, not "${value}"`);
  return bytes;
}

/** Each bound by its name in lower case (names are read ignoring case). */
const BOUNDS: Readonly<Record<string, keyof InputLimits>> = Object.fromEntries(
  INPUT_LIMIT_NAMES.map((name) => [name.toLowerCase(), name]),
);

/**
 * Reads an `--input-limits` value: a comma-separated list of `bound=value` (maxBytes, maxRecords,
 * maxRecordLength, maxDepth, maxMemoryBytes; sizes may say KB, MB, GB or KiB, MiB, GiB). Bounds not named keep
 * their defaults.
 *
 * @example parseInputLimits('maxDepth=16,maxMemoryBytes=256MB') // { maxDepth: 16, maxMemoryBytes: 256000000 }
 */
export function parseInputLimits(value: string): Partial<InputLimits> {
  const limits: Partial<InputLimits> = {};
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const [rawName = '', rawValue = ''] = part.split('=', 2).map((t) => t.trim());
    const name = BOUNDS[rawName.toLowerCase()];
    const n = bytesOf(rawValue);
    if (name === undefined || !(n >= 1) || !Number.isSafeInteger(n)) {
      throw new Error(
        `an input limit must look like maxDepth=32 or maxMemoryBytes=256MB (bounds: ${INPUT_LIMIT_NAMES.join(', ')}), not "${part}"`,
      );
    }
    limits[name] = n;
  }
  return limits;
}

function parseSchedule(value: string | number[]): number[] {
  const parts = Array.isArray(value) ? value : value.split(',').map((s) => Number(s.trim()));
  if (parts.length === 0 || parts.some((n) => !Number.isFinite(n) || n < 0)) {
    throw new Error(`the webhook retry schedule must be a comma-separated list of seconds ≥ 0, not "${value}"`);
  }
  return parts;
}

function parseRetentionDays(value: string | number): number {
  const days = typeof value === 'number' ? value : Number(value.trim());
  if (!Number.isFinite(days) || days < 0 || String(value).trim() === '') {
    throw new Error(`the webhook retention must be a number of days ≥ 0 (0 keeps everything), not "${value}"`);
  }
  return days;
}

/**
 * Resolves the server configuration from flags and environment variables (a flag wins over its
 * variable); throws an Error with a readable message for a bad value.
 *
 * @example const config = resolveServerConfig({ port: '8080' }, process.env);
 */
export function resolveServerConfig(flags: ServerFlags, env: Record<string, string | undefined>): ServerConfig {
  const schedule = flags.webhookRetrySchedule ?? env.TJ_WEBHOOK_RETRY_SCHEDULE;
  const retention = flags.webhookRetentionDays ?? env.TJ_WEBHOOK_RETENTION_DAYS;
  const origins = flags.corsOrigins ?? env.TJ_CORS_ORIGINS;
  const rateLimit = flags.rateLimit ?? env.TJ_RATE_LIMIT;
  const trustProxy = flags.trustProxy ?? env.TJ_TRUST_PROXY;
  const maxUpload = flags.maxUpload ?? env.TJ_MAX_UPLOAD;
  const limits = flags.inputLimits ?? env.TJ_INPUT_LIMITS;
  return {
    databaseUrl: flags.db || env.TJ_DATABASE_URL || defaultDatabasePath(env),
    port: parsePort(flags.port ?? (env.TJ_PORT || DEFAULTS.port)),
    host: flags.host || env.TJ_HOST || DEFAULTS.host,
    jwtSecret: env.TJ_JWT_SECRET || undefined,
    openRegistration: flags.openRegistration ?? parseBool('TJ_OPEN_REGISTRATION', env.TJ_OPEN_REGISTRATION),
    allowPrivateWebhooks: flags.allowPrivateWebhooks ?? parseBool('TJ_ALLOW_PRIVATE_WEBHOOKS', env.TJ_ALLOW_PRIVATE_WEBHOOKS),
    ...(env.TJ_ECB_URL !== undefined && env.TJ_ECB_URL !== '' && { ecbUrl: env.TJ_ECB_URL }),
    ...(env.TJ_DATABENTO_URL !== undefined && env.TJ_DATABENTO_URL !== '' && { databentoUrl: env.TJ_DATABENTO_URL }),
    ...(env.TJ_POLYGON_URL !== undefined && env.TJ_POLYGON_URL !== '' && { polygonUrl: env.TJ_POLYGON_URL }),
    webhookRetrySchedule: schedule === undefined || schedule === '' ? undefined : parseSchedule(schedule),
    ...(retention !== undefined && retention !== '' && { webhookRetentionDays: parseRetentionDays(retention) }),
    ...(origins !== undefined && origins !== '' && { corsOrigins: parseOrigins(origins) }),
    ...(rateLimit !== undefined && rateLimit !== '' && { rateLimit: parseRateLimits(rateLimit) }),
    ...(trustProxy !== undefined && trustProxy !== '' && { trustProxy: parseTrustProxy(trustProxy) }),
    ...(maxUpload !== undefined && maxUpload !== '' && { maxUploadBytes: parseSize(maxUpload) }),
    ...(limits !== undefined && limits !== '' && { inputLimits: parseInputLimits(limits) }),
  };
}
