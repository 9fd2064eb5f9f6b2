import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Core, createCore, type RateSpec, type Storage } from '@tj/core';
import { createAccessTokens, loadJwtKey } from '../auth/access-tokens.js';
import { DEFAULT_RATE_LIMITS, type RateLimit, type ServerConfig } from '../config.js';
import { buildOpenApiDocument } from '../openapi/document.js';
import { databaseRateLimitStore } from '../rate-limit/database-store.js';
import { createRateLimiter, type RateLimiter } from '../rate-limit/limiter.js';
import { memoryRateLimitStore } from '../rate-limit/memory-store.js';
import { apiRoutes } from '../routes/index.js';
import { type ClosableWebhookSender, createTargetGuard, createWebhookSender } from '../webhook-sender/index.js';
import { clientAddressResolver } from './client-address.js';
import { clientErrorListener } from './client-error.js';
import { createCors } from './cors.js';
import { createRequestHandler } from './handler.js';
import { jsonLogger } from './logger.js';
import { closeGracefully } from './shutdown.js';
import { MAX_UPLOAD_BYTES } from '../io/upload.js';
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

/** The limit `name` resolves to: its configured value, its default, or undefined when off. */
function limitOf(config: ServerConfig, name: 'user' | 'ip' | 'login'): RateLimit | undefined {
  if (config.rateLimit === false) return undefined;
  const value = config.rateLimit?.[name] ?? DEFAULT_RATE_LIMITS[name];
  return value === false ? undefined : value;
}

/** The failed-login lockout core applies, or false when the `login` limit is off. */
function failedLoginsOf(config: ServerConfig): RateSpec | false {
  const login = limitOf(config, 'login');
  return login ? { limit: login.limit, windowMs: login.windowSeconds * 1000 } : false;
}

function rateLimitersFor(config: ServerConfig, storage: Storage): Record<'user' | 'ip', RateLimiter | undefined> {
  const kind = (config.rateLimit || undefined)?.store ?? (storage.dialect === 'postgres' ? 'database' : 'memory');
  const store = kind === 'database' ? databaseRateLimitStore(storage) : memoryRateLimitStore();
  const limiter = (name: 'user' | 'ip') => {
    const settings = limitOf(config, name);
    return settings && createRateLimiter(store, settings);
  };
  return { user: limiter('user'), ip: limiter('ip') };
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
        failedLogins: failedLoginsOf(config),
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
    const logger = config.logger ?? jsonLogger();
    const handler = createRequestHandler({
      core,
      routes,
      tokens,
      limiters: rateLimitersFor(config, storage),
      clientAddress: clientAddressResolver(config.trustProxy),
      logger,
      cors: createCors(config.corsOrigins),
      settings: { openRegistration: config.openRegistration, maxUploadBytes: config.maxUploadBytes ?? MAX_UPLOAD_BYTES },
      isClosing: () => closing,
    });
    const requestTimeout = config.requestTimeoutMs ?? 30_000;
    const server = createHttpServer(
      {
        requestTimeout,
        headersTimeout: Math.min(10_000, requestTimeout),
        keepAliveTimeout: 5_000,
        // How often Node looks for requests past their time (it answers them 408).
        connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(requestTimeout / 4))),
      },
      handler,
    );
    server.on('clientError', clientErrorListener(logger));
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
