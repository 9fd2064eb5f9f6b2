/**
 * Test support for every package that needs a real server: `startTestServer` starts `@tj/http`
 * on an ephemeral port against a fresh database (one entry of DATABASES), with a low password
 * cost, and captures the log. Reuse it from other packages' tests:
 *   import { startTestServer, signUp } from '../../http/test/support/server.js';
 */
import { randomBytes } from 'node:crypto';
import { createServer, type LogEntry, type ServerConfig, type TjServer } from '@tj/http';
import type { Storage, TokenPair } from '@tj/core';
import { afterAll, beforeAll } from 'vitest';
import { DATABASES, type TestDatabase } from '../../../../test/support/databases.js';
import { call, type Reply } from './http.js';

/** A test server and how to reach and stop it. */
export interface TestServer {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  app: TjServer;
  storage: Storage;
  /** URL of the same database, for a second process. */
  databaseUrl: string;
  /** The HS256 secret the server signs with (for crafting tokens in tests). */
  jwtSecret: string;
  /** Every log entry the server wrote. */
  logs: LogEntry[];
  /** Stops the server and deletes the database. */
  close(): Promise<void>;
}

/** The fast scrypt cost tests use. */
export const TEST_PASSWORD_COST = { N: 1024, r: 8, p: 1 };

/**
 * The config a test server starts from: an opened test database, 127.0.0.1 on an ephemeral port, open
 * registration, private webhook targets allowed, the fast password cost, logs to `log`. No JWT secret
 * (the server keeps one in the database) and the default rate limit.
 *
 * @example const app = await createServer(testServerConfig(await db.open()));
 */
export function testServerConfig(
  opened: { storage: Storage; url: string },
  log: (entry: LogEntry) => void = () => {},
): ServerConfig {
  return {
    databaseUrl: opened.url,
    storage: opened.storage,
    port: 0,
    host: '127.0.0.1',
    openRegistration: true,
    allowPrivateWebhooks: true,
    passwordCost: TEST_PASSWORD_COST,
    logger: { log },
  };
}

/**
 * Starts a server on 127.0.0.1, port 0, over a fresh database. Defaults: open registration,
 * private webhook targets allowed, a rate limit high enough not to interfere (10,000/min).
 *
 * @example const srv = await startTestServer(); afterAll(() => srv.close());
 */
export async function startTestServer(
  db: TestDatabase = DATABASES[0] as TestDatabase,
  overrides: Partial<ServerConfig> = {},
): Promise<TestServer> {
  const opened = await db.open();
  const logs: LogEntry[] = [];
  const jwtSecret = overrides.jwtSecret ?? randomBytes(32).toString('hex');
  try {
    const app = await createServer({
      ...testServerConfig(opened, (entry) => logs.push(entry)),
      jwtSecret,
      rateLimit: { user: { limit: 10_000, windowSeconds: 60 }, ip: { limit: 10_000, windowSeconds: 60 } },
      ...overrides,
    });
    const url = await app.listen();
    return {
      url,
      app,
      storage: opened.storage,
      databaseUrl: opened.url,
      jwtSecret,
      logs,
      async close() {
        await app.close();
        await opened.cleanup();
      },
    };
  } catch (e) {
    await opened.cleanup();
    throw e;
  }
}

/** A registered, logged-in user. */
export interface TestUser {
  email: string;
  password: string;
  tokens: TokenPair;
  id: string;
  /** `{ authorization: 'Bearer …' }` */
  auth: Record<string, string>;
}

/**
 * Registers a user through the API (registration must be open) and logs in.
 *
 * @example const alice = await signUp(srv.url, 'alice');
 */
export async function signUp(url: string, name: string, password = 'correct horse battery staple'): Promise<TestUser> {
  const email = `${name}-${randomBytes(4).toString('hex')}@example.com`;
  const reg = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, name, password }),
  });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const tokens = (await login.json()) as TokenPair;
  return { email, password, tokens, id: tokens.user.id, auth: { authorization: `Bearer ${tokens.accessToken}` } };
}

/** A test server with one signed-up user, for the tests of one describe block. */
export interface ServerWithUser {
  /** The server (read it inside tests: it starts in `beforeAll`). */
  readonly srv: TestServer;
  /** The signed-up user (read it inside tests). */
  readonly user: TestUser;
  /** One request as the user: `json`, when given, is the body. */
  api<T = any>(method: string, path: string, json?: unknown): Promise<Reply<T>>;
}

/**
 * Starts a server over `db` and signs up `name` before the enclosing describe's tests (`beforeAll`),
 * and closes it after them (`afterAll`). Hooks registered after this call run once both exist.
 *
 * @example const { api } = useServerWithUser(db, 'trader');
 */
export function useServerWithUser(db: TestDatabase, name: string): ServerWithUser {
  let srv: TestServer | undefined;
  let user: TestUser | undefined;
  beforeAll(async () => {
    srv = await startTestServer(db);
    user = await signUp(srv.url, name);
  });
  afterAll(() => srv?.close());
  const session: ServerWithUser = {
    get srv() {
      if (srv === undefined) throw new Error('the test server starts in beforeAll');
      return srv;
    },
    get user() {
      if (user === undefined) throw new Error('the test user signs up in beforeAll');
      return user;
    },
    api: (method, path, json) => call(session.srv.url, method, path, { headers: session.user.auth, json }),
  };
  return session;
}
