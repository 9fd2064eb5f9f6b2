import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Core, InputLimits, Storage, User } from '@tj/core';
import type { TjApp } from '@tj/http/app';
import { passwordCostFromEnv } from '../config/password-cost.js';
import { type Env, redactDatabaseUrl, sqliteFile } from '../config/paths.js';
import { CliError, UsageError } from '../errors.js';

/** The API app (http's, the one `tj serve` runs) over an open local database. */
export interface LocalSession {
  /** The database, fit to print. */
  where: string;
  app: TjApp;
  storage: Storage;
  /** Core as the app wired it: for what the HTTP API does not do (users, the delivery worker). */
  core: Core;
  close(): Promise<void>;
}

/** Options of {@link openLocalSession}. */
export interface LocalSessionOptions {
  url: string;
  env: Env;
  /** Create the SQLite file (and its folder) when missing; else a missing file is an error. */
  create: boolean;
  /** Let webhooks target private addresses (registration and delivery). */
  allowPrivateWebhooks?: boolean;
  retrySchedule?: number[] | undefined;
  /** Days finished webhook events are kept (the worker purges them after); undefined: core's 30. */
  retentionDays?: number | undefined;
}

/** The bounds on reading input from `TJ_INPUT_LIMITS` (as `tj serve --input-limits` takes them), if set. */
async function inputLimitsFromEnv(env: Env): Promise<Partial<InputLimits> | undefined> {
  const value = env.TJ_INPUT_LIMITS;
  if (value === undefined || value === '') return undefined;
  const { parseInputLimits } = await import('@tj/http');
  try {
    return parseInputLimits(value);
  } catch (e) {
    throw new UsageError(`TJ_INPUT_LIMITS: ${(e as Error).message}`);
  }
}

/**
 * Opens the local database (SQLite file or PostgreSQL) and builds the API app on it, as `tj serve`
 * does, but with no rate limits, no access log and no upload limit (the requests are the CLI's own;
 * the bounds on reading input hold, from `TJ_INPUT_LIMITS` when set),
 * the password cost of `TJ_PASSWORD_COST` (a test knob) or OWASP's, and the ECB's address of
 * `TJ_ECB_URL` when set.
 */
export async function openLocalSession(options: LocalSessionOptions): Promise<LocalSession> {
  const where = redactDatabaseUrl(options.url);
  const file = sqliteFile(options.url);
  if (file !== undefined) {
    if (options.create) mkdirSync(dirname(file), { recursive: true });
    else if (!existsSync(file)) throw new CliError(`no journal database at ${file}: run tj init first (or pass --db)`);
  }
  const passwordCost = passwordCostFromEnv(options.env);
  const inputLimits = await inputLimitsFromEnv(options.env);
  const { createApp, silentLogger } = await import('@tj/http/app');
  const app = await createApp({
    databaseUrl: options.url,
    port: 0,
    host: '127.0.0.1',
    openRegistration: false,
    allowPrivateWebhooks: options.allowPrivateWebhooks === true,
    webhookRetrySchedule: options.retrySchedule,
    ...(options.retentionDays !== undefined && { webhookRetentionDays: options.retentionDays }),
    ...(passwordCost && { passwordCost }),
    ...(inputLimits !== undefined && { inputLimits }),
    // Where `tj fx fetch` gets the ECB's rates (the real service unless TJ_ECB_URL says otherwise).
    ...(options.env.TJ_ECB_URL && { ecbUrl: options.env.TJ_ECB_URL }),
    // Where `tj bars fetch` gets bars (the real services unless TJ_DATABENTO_URL / TJ_POLYGON_URL say otherwise).
    ...(options.env.TJ_DATABENTO_URL && { databentoUrl: options.env.TJ_DATABENTO_URL }),
    ...(options.env.TJ_POLYGON_URL && { polygonUrl: options.env.TJ_POLYGON_URL }),
    rateLimit: false,
    logger: silentLogger,
    maxUploadBytes: Number.MAX_SAFE_INTEGER,
    // In process, the body is already here: no arrival deadline.
    requestTimeoutMs: 0,
  });
  return { where, app, storage: app.storage, core: app.core, close: () => app.close() };
}

/**
 * The acting user of a local database: `--user <email>` (or TJ_USER), else its only user.
 */
export async function resolveLocalUser(session: LocalSession, email: string | undefined): Promise<User> {
  if (email) {
    const user = await session.core.auth.findUser(email);
    if (!user) throw new CliError(`no user ${email} in ${session.where} (see tj user list)`);
    return user;
  }
  const users = await session.core.auth.listUsers();
  if (users.length === 0) throw new CliError(`${session.where} has no user yet: run tj init`);
  if (users.length > 1) {
    throw new UsageError(`${session.where} has ${users.length} users: pass --user <email> (or set TJ_USER)`);
  }
  return users[0] as User;
}
