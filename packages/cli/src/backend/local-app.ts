import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Core, SendRequest, Storage, User, WebhookSender } from '@tj/core';
import { passwordCostFromEnv } from '../config/password-cost.js';
import { type Env, redactDatabaseUrl, sqliteFile } from '../config/paths.js';
import { CliError, UsageError } from '../errors.js';

/** Core over an open local database. */
export interface LocalSession {
  /** The database, fit to print. */
  where: string;
  storage: Storage;
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

/** The undici sender of @tj/http, loaded only when a delivery is actually sent. */
function lazySender(allowPrivateTargets: boolean): WebhookSender & { close(): Promise<void> } {
  let sender: (WebhookSender & { close(): Promise<void> }) | undefined;
  return {
    async send(request: SendRequest) {
      sender ??= (await import('@tj/http')).createWebhookSender({ allowPrivateTargets });
      return sender.send(request);
    },
    async close() {
      await sender?.close();
    },
  };
}

/**
 * Opens the local database (SQLite file or PostgreSQL) and builds core on it, with the password
 * cost of `TJ_PASSWORD_COST` (a test knob) or OWASP's, and the webhook sender of @tj/http.
 */
export async function openLocalSession(options: LocalSessionOptions): Promise<LocalSession> {
  const where = redactDatabaseUrl(options.url);
  const file = sqliteFile(options.url);
  if (file !== undefined) {
    if (options.create) mkdirSync(dirname(file), { recursive: true });
    else if (!existsSync(file)) throw new CliError(`no journal database at ${file}: run tj init first (or pass --db)`);
  }
  const passwordCost = passwordCostFromEnv(options.env);
  const { openStorage } = await import('@tj/core/storage');
  const { createCore } = await import('@tj/core');
  const storage = await openStorage(options.url);
  const allowPrivate = options.allowPrivateWebhooks === true;
  const sender = lazySender(allowPrivate);
  const core = createCore({
    storage,
    auth: passwordCost ? { passwordCost } : {},
    webhooks: {
      sender,
      allowPrivateTargets: allowPrivate,
      ...(options.retrySchedule && { retrySchedule: options.retrySchedule }),
      ...(options.retentionDays !== undefined && { retentionDays: options.retentionDays }),
    },
  });
  return {
    where,
    storage,
    core,
    async close() {
      await sender.close();
      await storage.close();
    },
  };
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
