import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Core, createCore, type Storage } from '@tj/core';
import { createAccessTokens, loadJwtKey } from '../auth/access-tokens.js';
import { DEFAULT_RATE_LIMIT, type ServerConfig } from '../config.js';
import { buildOpenApiDocument } from '../openapi/document.js';
import { databaseRateLimitStore } from '../rate-limit/database-store.js';
import { createRateLimiter, type RateLimiter } from '../rate-limit/limiter.js';
import { memoryRateLimitStore } from '../rate-limit/memory-store.js';
import { apiRoutes } from '../routes/index.js';
import { type ClosableWebhookSender, createTargetGuard, createWebhookSender } from '../webhook-sender/index.js';
import { createCors } from './cors.js';
import { createRequestHandler } from './handler.js';
import { jsonLogger } from './logger.js';
import { closeGracefully } from './shutdown.js';
import { openDatabase } from './storage.js';

/** The version the OpenAPI document states. */
export const API_VERSION = '0.1.0';

/** A server built but maybe not listening yet. */
export interface TjServer {
  server: Server;
  core: Core;
  storage: Storage;
  /** The base URL once listening (`http://127.0.0.1:3000`), else an empty string. */
  readonly url: string;
  /** Starts listening on the configured host and port (0 = any free port); resolves to the base URL. */
  listen(): Promise<string>;
  /**
   * Graceful stop: no new connections, in-flight requests finish (and `alongside`, e.g. stopping
   * the delivery worker, runs meanwhile), then the database closes (if it was opened here).
   */
  close(alongside?: () => Promise<void>): Promise<void>;
}

function rateLimiterFor(config: ServerConfig, storage: Storage): RateLimiter | undefined {
  if (config.rateLimit === false) return undefined;
  const settings = config.rateLimit ?? DEFAULT_RATE_LIMIT;
  const kind = settings.store ?? (storage.dialect === 'postgres' ? 'database' : 'memory');
  const store = kind === 'database' ? databaseRateLimitStore(storage) : memoryRateLimitStore();
  return createRateLimiter(store, settings);
}

function baseUrl(address: AddressInfo): string {
  const host = address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/**
 * Builds the HTTP server over core: opens the database (unless `config.storage` is given), loads
 * the JWT key once, wires routes, rate limits and the access log. Call `listen()` to serve.
 *
 * @example
 * const app = await createServer({ ...resolveServerConfig({}, process.env), port: 0 });
 * const url = await app.listen();
 */
export async function createServer(config: ServerConfig): Promise<TjServer> {
  const ownsStorage = config.storage === undefined;
  const storage = config.storage ?? (await openDatabase(config.databaseUrl));
  let sender: ClosableWebhookSender | undefined;
  try {
    const key = await loadJwtKey(storage, config.jwtSecret);
    const tokens = createAccessTokens(key, config.userCheckTtlMs !== undefined ? { userCheckTtlMs: config.userCheckTtlMs } : {});
    const allowPrivateTargets = config.allowPrivateWebhooks;
    sender = createWebhookSender({ allowPrivateTargets });
    const core = createCore({
      storage,
      accessTokens: tokens.issuer,
      auth: {
        ...(config.passwordCost ? { passwordCost: config.passwordCost } : {}),
        ...(config.maxFailedLogins !== undefined ? { maxFailedLogins: config.maxFailedLogins } : {}),
      },
      webhooks: {
        sender,
        guard: createTargetGuard({ allowPrivateTargets }),
        allowPrivateTargets,
        ...(config.webhookRetrySchedule ? { retrySchedule: config.webhookRetrySchedule } : {}),
      },
    });
    let document: Record<string, unknown> | undefined;
    const routes = apiRoutes(() => {
      document ??= buildOpenApiDocument(routes, { version: API_VERSION });
      return document;
    });
    let closing = false;
    const handler = createRequestHandler({
      core,
      routes,
      tokens,
      limiter: rateLimiterFor(config, storage),
      logger: config.logger ?? jsonLogger(),
      cors: createCors(config.corsOrigins),
      settings: { openRegistration: config.openRegistration },
      isClosing: () => closing,
    });
    const server = createHttpServer({ requestTimeout: 30_000, headersTimeout: 10_000, keepAliveTimeout: 5_000 }, handler);
    let url = '';
    let closed: Promise<void> | undefined;
    return {
      server,
      core,
      storage,
      get url() {
        return url;
      },
      listen() {
        return new Promise((resolve, reject) => {
          server.once('error', reject);
          server.listen(config.port, config.host, () => {
            server.off('error', reject);
            url = baseUrl(server.address() as AddressInfo);
            resolve(url);
          });
        });
      },
      close(alongside) {
        closed ??= (async () => {
          closing = true;
          await Promise.all([closeGracefully(server, config.shutdownTimeoutMs ?? 10_000), alongside?.()]);
          await sender?.close();
          if (ownsStorage) await storage.close();
        })();
        return closed;
      },
    };
  } catch (e) {
    await sender?.close();
    if (ownsStorage) await storage.close();
    throw e;
  }
}
