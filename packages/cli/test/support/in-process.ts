/**
 * The CLI's own local session (the API app over the real storage, with the sandbox's test
 * password cost), opened in the test process for what a test sets up or reads back but does not
 * test: a database with its first user, as `tj init` makes it, and the trades `tj trades list
 * --json` prints. One CLI process fewer each; the commands under test still run as processes, and
 * each suite still runs `tj init` and `tj trades list` once (the first time it needs them).
 */
import type { Trade } from '@tj/core';
import { localClient } from '../../src/backend/client.js';
import { openLocalSession, resolveLocalUser } from '../../src/backend/local-app.js';
import { ANN, initDatabase, runJson, type Sandbox } from './cli.js';

/** Creates the database at `url` (a SQLite path or a PostgreSQL URL) with its first user, {@link ANN}, as `tj init` does. */
export async function seedDatabase(url: string, env: Record<string, string>): Promise<void> {
  const session = await openLocalSession({ url, env, create: true });
  try {
    const existing = await session.core.auth.listUsers();
    if (existing.length > 0) throw new Error(`${session.where} is already set up`);
    await session.core.auth.createUser(ANN);
  } finally {
    await session.close();
  }
}

/**
 * A maker of fresh databases with one user ({@link ANN}) that answers the flags selecting each
 * (`--db URL` and `extra`): the first is made by `tj init`, so every suite still runs it on its
 * kind of database; the rest are seeded in process by {@link seedDatabase}.
 */
export function freshDatabases(box: () => Sandbox, extra: string[] = []): (url: string) => Promise<string[]> {
  let made = 0;
  return async (url) => {
    if (made++ === 0) return initDatabase(box(), url, extra);
    await seedDatabase(url, box().env);
    return ['--db', url, ...extra];
  };
}

/** The value of `flag` in `flags`, else `fallback`. */
function flagValue(flags: string[], flag: string, fallback?: string): string {
  const i = flags.indexOf(flag);
  const value = i < 0 ? fallback : flags[i + 1];
  if (value === undefined) throw new Error(`no ${flag} in ${flags.join(' ')}`);
  return value;
}

/**
 * The trades `tj <flags> trades list --limit 100 --json` prints (the same API call of the same app,
 * as JSON): the database of `--db`, its only user, the zone of `--tz` (else the sandbox's UTC).
 */
export async function listTrades(flags: string[], env: Record<string, string>): Promise<Trade[]> {
  const session = await openLocalSession({ url: flagValue(flags, '--db'), env, create: false });
  try {
    const client = await localClient(session, (await resolveLocalUser(session, undefined)).id);
    const page = await client.trades.list({ tz: flagValue(flags, '--tz', 'UTC'), limit: 100 });
    return JSON.parse(JSON.stringify(page)).trades;
  } finally {
    await session.close();
  }
}

/**
 * A reader of the trades of the database some flags select, as `tj <flags> trades list --limit 100
 * --json` prints them: the first read runs that command, so every suite still runs it on its
 * kind of database; the rest are read in process by {@link listTrades}.
 */
export function tradeReader(box: () => Sandbox): (flags: string[]) => Promise<Trade[]> {
  let read = 0;
  return async (flags) => {
    if (read++ === 0) return (await runJson(box(), [...flags, 'trades', 'list', '--limit', '100'])).trades;
    return listTrades(flags, box().env);
  };
}
