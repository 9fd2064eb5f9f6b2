/**
 * The real HTTP server on an ephemeral loopback port, over a fresh database, for the client's
 * tests; plus a user to log in as and a way to forge an access token that has expired.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { Storage } from '@tj/core';
import { createServer, type RateLimitConfig } from '@tj/http';
import { afterAll, beforeAll } from 'vitest';
import { DATABASES, type TestDatabase } from '../../../../test/support/databases.js';
import { createClient, type ClientOptions, type TjClient } from '../../src/index.js';

/** The JWT secret the test servers sign with, so a test can forge an expired token. */
export const JWT_SECRET = 'client-tests-jwt-secret-0123456789abcdef';
export const PASSWORD = 'correct horse battery';
const silent = { log: () => {} };

/** Server settings a suite may change. */
export interface TestServerOptions {
  rateLimit?: RateLimitConfig | false;
  openRegistration?: boolean;
  /** The ECB's address (a local replay server), read when the server starts. */
  ecbUrl?: () => string;
}

/** A running server and helpers around it. */
export interface TestServer {
  url: string;
  db: TestDatabase;
  /** The server's storage (to seed what no endpoint writes yet, e.g. bars). */
  storage: Storage;
  /** Creates a user with {@link PASSWORD}; returns its email. */
  createUser(name?: string): Promise<{ email: string; id: string }>;
  /** A client for `url`; extra options (fetch, tokens, retry…) as given. */
  client(options?: Partial<ClientOptions>): TjClient;
  /** A new user, logged in on a new client. */
  loggedIn(options?: Partial<ClientOptions>): Promise<{ client: TjClient; email: string; userId: string }>;
}

/** Starts a server on port 0 before the suite and stops it (and drops its database) after. */
export function useServer(db: TestDatabase = DATABASES[0] as TestDatabase, options: TestServerOptions = {}): () => TestServer {
  let current: TestServer | undefined;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const opened = await db.open();
    const app = await createServer({
      databaseUrl: opened.url,
      storage: opened.storage,
      port: 0,
      host: '127.0.0.1',
      jwtSecret: JWT_SECRET,
      openRegistration: options.openRegistration ?? false,
      allowPrivateWebhooks: true,
      webhookRetrySchedule: [0],
      passwordCost: { N: 1024, r: 8, p: 1 },
      rateLimit: options.rateLimit ?? false,
      logger: silent,
      ...(options.ecbUrl !== undefined && { ecbUrl: options.ecbUrl() }),
    });
    const url = await app.listen();
    stop = async () => {
      await app.close();
      await opened.cleanup();
    };
    const server: TestServer = {
      url,
      db,
      storage: opened.storage,
      async createUser(name = 'Ann') {
        const email = `${name.toLowerCase()}-${randomUUID()}@example.com`;
        const user = await app.core.auth.createUser({ email, name, password: PASSWORD });
        return { email, id: user.id };
      },
      client: (extra = {}) => createClient({ baseUrl: url, ...extra }),
      async loggedIn(extra = {}) {
        const { email, id } = await server.createUser();
        const client = server.client(extra);
        await client.auth.login({ email, password: PASSWORD });
        return { client, email, userId: id };
      },
    };
    current = server;
  });
  afterAll(async () => {
    await stop?.();
  });
  return () => current as TestServer;
}

/** An access token for `userId` signed like the server's (HS256, typ access) that expired a minute ago. */
export function expiredAccessToken(userId: string): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ typ: 'access', sub: userId, iat: now - 3660, exp: now - 60, jti: randomUUID() })}`;
  return `${unsigned}.${createHmac('sha256', JWT_SECRET).update(unsigned).digest('base64url')}`;
}

/** A fetch that counts the requests it sends, by method and path. */
export function countingFetch(): {
  fetch: typeof fetch;
  count(method: string, path: string): number;
  log: { method: string; path: string; at: number }[];
} {
  const log: { method: string; path: string; at: number }[] = [];
  return {
    log,
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      log.push({ method: init?.method ?? 'GET', path: url.pathname, at: performance.now() });
      return globalThis.fetch(input, init);
    },
    count: (method, path) => log.filter((r) => r.method === method && r.path === path).length,
  };
}
