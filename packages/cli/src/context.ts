import type { TjClient } from '@tj/client';
import type { User } from '@tj/core';
import { type LocalSession, openLocalSession, resolveLocalUser } from './backend/local-app.js';
import { readCredentials } from './config/credentials.js';
import { databaseUrl, type Env, redactDatabaseUrl } from './config/paths.js';
import { CliError, UsageError } from './errors.js';
import { Output, type Sink } from './output/output.js';
import { createPrompter, type Prompter } from './prompts/prompter.js';

/** The process's streams and environment (tests and the bench pass their own). */
export interface Io {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream & Sink;
  stderr: NodeJS.WritableStream & Sink;
  env: Env;
}

/** Flags every command accepts. */
export interface GlobalOptions {
  db?: string;
  json?: boolean;
  tz?: string;
  user?: string;
  /** False with --no-input: never prompt. */
  input?: boolean;
}

function resolveTimeZone(flag: string | undefined, env: Env): string {
  const tz = flag || env.TJ_TZ || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    throw new UsageError(`--tz: "${tz}" is not an IANA time zone name (such as Europe/London)`);
  }
  return tz;
}

/** Everything a command runs with: output, prompts, time zone, and its API client (opened once). */
export class Context {
  readonly out: Output;
  readonly prompt: Prompter;
  readonly tz: string;
  readonly env: Env;
  private readonly closers: Array<() => Promise<void>> = [];
  private session: Promise<LocalSession> | undefined;
  private opened: Promise<TjClient> | undefined;

  constructor(
    readonly io: Io,
    readonly options: GlobalOptions,
  ) {
    this.env = io.env;
    this.out = new Output(io.stdout, io.stderr, options.json === true, io.env);
    this.prompt = createPrompter(io, options.input !== false);
    this.tz = resolveTimeZone(options.tz, io.env);
  }

  /**
   * Local unless no database is named (--db, TJ_DATABASE_URL) and either an API key is given
   * (TJ_API_KEY, with TJ_SERVER) or a server was logged in to (`tj login`).
   */
  get mode(): 'local' | 'remote' {
    if (this.options.db || this.env.TJ_DATABASE_URL) return 'local';
    if (this.env.TJ_API_KEY) return 'remote';
    return readCredentials(this.env) ? 'remote' : 'local';
  }

  /** The local database URL (--db, TJ_DATABASE_URL, else the default file). */
  get databaseUrl(): string {
    return databaseUrl(this.options.db, this.env);
  }

  /** Where commands go, fit to print: the server (remote mode) or the local database. */
  get where(): string {
    if (this.mode === 'local') return redactDatabaseUrl(this.databaseUrl);
    if (this.env.TJ_API_KEY) return this.env.TJ_SERVER ?? '';
    return readCredentials(this.env)?.server ?? '';
  }

  /** The API app on the local database, and its core (opened once; closed with the context). */
  local(
    options: {
      create?: boolean;
      allowPrivateWebhooks?: boolean;
      retrySchedule?: number[] | undefined;
      retentionDays?: number | undefined;
    } = {},
  ) {
    this.session ??= openLocalSession({
      url: this.databaseUrl,
      env: this.env,
      create: options.create === true,
      allowPrivateWebhooks: options.allowPrivateWebhooks ?? envFlag(this.env.TJ_ALLOW_PRIVATE_WEBHOOKS),
      retrySchedule: options.retrySchedule,
      retentionDays: options.retentionDays,
    }).then((s) => {
      this.onClose(() => s.close());
      return s;
    });
    return this.session;
  }

  /** The acting user of the local database (--user, TJ_USER, or its only user). */
  async localUser(): Promise<User> {
    return resolveLocalUser(await this.local(), this.options.user || this.env.TJ_USER);
  }

  /**
   * The SDK client every command works through, acting as the user: the server's after `tj login`,
   * else the local database's app answering in this process.
   */
  client(): Promise<TjClient> {
    this.opened ??= this.openClient();
    return this.opened;
  }

  private async openClient(): Promise<TjClient> {
    if (this.mode === 'local') {
      const { localClient } = await import('./backend/client.js');
      const user = await this.localUser();
      return localClient(await this.local(), user.id);
    }
    if (this.env.TJ_API_KEY) {
      const { apiKeyClient } = await import('./backend/client.js');
      return apiKeyClient(this.env.TJ_SERVER, this.env.TJ_API_KEY);
    }
    const credentials = readCredentials(this.env);
    if (!credentials?.refreshToken) {
      throw new CliError(`not logged in to ${credentials?.server ?? 'a server'} any more: run tj login`);
    }
    const { remoteClient } = await import('./backend/client.js');
    return remoteClient(this.env, credentials);
  }

  /** Runs `fn` when the command ends (success or failure). */
  onClose(fn: () => Promise<void>): void {
    this.closers.push(fn);
  }

  /** Closes what the command opened, last first. */
  async close(): Promise<void> {
    for (const fn of this.closers.reverse()) await fn().catch(() => {});
    this.closers.length = 0;
  }
}

/** A boolean environment variable (`true`, `1`, `yes`, `on`). */
export function envFlag(value: string | undefined): boolean {
  return ['true', '1', 'yes', 'on'].includes((value ?? '').trim().toLowerCase());
}
