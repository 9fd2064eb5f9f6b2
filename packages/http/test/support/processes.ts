/**
 * Server processes for tests about several processes on one database: each runs
 * `fixtures/serve-process.mjs` (the real `startServer`, flags resolved as the CLI does) as its own
 * Node process on an ephemeral port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll } from 'vitest';
import type { TestDatabase } from '../../../../test/support/databases.js';

const SCRIPT = resolve(import.meta.dirname, '../fixtures/serve-process.mjs');

/** A running server process. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/**
 * Starts a server process over `databaseUrl` with `flags` (as `resolveServerConfig` reads them)
 * and `env` (TJ_* variables); resolves once it listens.
 *
 * @example const a = await startServerProcess(db.url, { rateLimit: 'login=10/15m' }, { TJ_JWT_SECRET: secret });
 */
export function startServerProcess(
  databaseUrl: string,
  flags: Record<string, unknown> = {},
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [SCRIPT, JSON.stringify({ db: databaseUrl, ...flags })], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return new Promise((resolvePromise, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    const timer = setTimeout(() => reject(new Error(`server process did not start: ${stderr}`)), 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server process exited with ${code}: ${stderr}`));
    });
    lines.once('line', (line) => {
      clearTimeout(timer);
      const { url } = JSON.parse(line) as { url: string };
      resolvePromise({
        url,
        child,
        async stop() {
          if (child.exitCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}

/** Two server processes on one fresh database (read them inside tests: they start in `beforeAll`). */
export interface ProcessPair {
  readonly a: ServerProcess;
  readonly b: ServerProcess;
}

/**
 * Starts two server processes on one fresh database of `db` before the enclosing describe's tests
 * (same JWT secret, open registration, `flags` for both) and stops them and drops the database after.
 *
 * @example const servers = useServerProcesses(db, { rateLimit: 'login=10/15m' }); … servers.a.url
 */
export function useServerProcesses(db: TestDatabase, flags: Record<string, unknown> = {}): ProcessPair {
  let opened: Awaited<ReturnType<TestDatabase['open']>> | undefined;
  let pair: [ServerProcess, ServerProcess] | undefined;
  beforeAll(async () => {
    opened = await db.open();
    const env = { TJ_JWT_SECRET: randomBytes(32).toString('hex'), TJ_OPEN_REGISTRATION: 'true' };
    pair = await Promise.all([startServerProcess(opened.url, flags, env), startServerProcess(opened.url, flags, env)]);
  });
  afterAll(async () => {
    await Promise.all(pair?.map((p) => p.stop()) ?? []);
    await opened?.cleanup();
  });
  const get = (i: 0 | 1) => {
    if (!pair) throw new Error('the server processes start in beforeAll');
    return pair[i];
  };
  return {
    get a() {
      return get(0);
    },
    get b() {
      return get(1);
    },
  };
}
