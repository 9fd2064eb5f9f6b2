import { homedir } from 'node:os';
import { join } from 'node:path';
import type { PasswordCost, Storage } from '@tj/core';
import type { Logger } from './server/logger.js';

/** The general rate limit: `limit` requests per `windowSeconds`, per user (or client address). */
export interface RateLimitConfig {
  limit: number;
  windowSeconds: number;
  /** Where counters live; default `memory` on SQLite (one process), `database` on PostgreSQL (shared). */
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
  /** Seconds after the previous attempt; undefined means core's default schedule. */
  webhookRetrySchedule?: number[] | undefined;
  /** scrypt cost (OWASP's N=2^17 by default; tests lower it). */
  passwordCost?: PasswordCost;
  /** The general rate limit (default 600 per 60 s); false turns it off. */
  rateLimit?: RateLimitConfig | false;
  /** Access log and error log; default JSON lines on stdout. */
  logger?: Logger;
  /** An already open storage to use instead of opening `databaseUrl` (the caller keeps ownership). */
  storage?: Storage;
  /** How long a shutdown waits for in-flight requests before cutting connections (ms, default 10 s). */
  shutdownTimeoutMs?: number;
  /** Failed logins per account per 15 minutes before that account's logins answer 429 (10). */
  maxFailedLogins?: number;
  /**
   * How long a cached access token's "user exists and is enabled" check holds, ms (5,000; 0 checks
   * on every request). Disabling an account takes effect within this time.
   */
  userCheckTtlMs?: number;
  /** Browser origins allowed to call the API (CORS); `*` for any; default none. */
  corsOrigins?: string[];
}

/** Command-line flags as the CLI passes them (strings from the command line, or already typed). */
export interface ServerFlags {
  db?: string | undefined;
  port?: string | number | undefined;
  host?: string | undefined;
  openRegistration?: boolean | undefined;
  allowPrivateWebhooks?: boolean | undefined;
  webhookRetrySchedule?: string | number[] | undefined;
  corsOrigins?: string | string[] | undefined;
}

/** Default rate limit: generous enough for a trading app. */
export const DEFAULT_RATE_LIMIT: RateLimitConfig = { limit: 600, windowSeconds: 60 };

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

function parseSchedule(value: string | number[]): number[] {
  const parts = Array.isArray(value) ? value : value.split(',').map((s) => Number(s.trim()));
  if (parts.length === 0 || parts.some((n) => !Number.isFinite(n) || n < 0)) {
    throw new Error(`the webhook retry schedule must be a comma-separated list of seconds ≥ 0, not "${value}"`);
  }
  return parts;
}

/**
 * Resolves the server configuration from flags and environment variables (a flag wins over its
 * variable); throws an Error with a readable message for a bad value.
 *
 * @example const config = resolveServerConfig({ port: '8080' }, process.env);
 */
export function resolveServerConfig(flags: ServerFlags, env: Record<string, string | undefined>): ServerConfig {
  const schedule = flags.webhookRetrySchedule ?? env.TJ_WEBHOOK_RETRY_SCHEDULE;
  const origins = flags.corsOrigins ?? env.TJ_CORS_ORIGINS;
  return {
    databaseUrl: flags.db || env.TJ_DATABASE_URL || defaultDatabasePath(env),
    port: parsePort(flags.port ?? (env.TJ_PORT || 3000)),
    host: flags.host || env.TJ_HOST || '127.0.0.1',
    jwtSecret: env.TJ_JWT_SECRET || undefined,
    openRegistration: flags.openRegistration ?? parseBool('TJ_OPEN_REGISTRATION', env.TJ_OPEN_REGISTRATION),
    allowPrivateWebhooks: flags.allowPrivateWebhooks ?? parseBool('TJ_ALLOW_PRIVATE_WEBHOOKS', env.TJ_ALLOW_PRIVATE_WEBHOOKS),
    webhookRetrySchedule: schedule === undefined || schedule === '' ? undefined : parseSchedule(schedule),
    ...(origins !== undefined && origins !== '' && { corsOrigins: parseOrigins(origins) }),
  };
}
