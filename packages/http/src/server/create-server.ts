import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Core, createCore, inputLimits, type RateSpec, type SendRequest, type Storage } from '@tj/core';
import { ecbRates } from '@tj/core/fx-providers';
import { databentoBars, polygonBars } from '@tj/core/bar-providers';
import { type AccessTokens, createAccessTokens, loadJwtKey } from '../auth/access-tokens.js';
import { DEFAULT_RATE_LIMITS, type RateLimit, type ServerConfig } from '../config.js';
import { buildOpenApiDocument } from '../openapi/document.js';
import { databaseRateLimitStore } from '../rate-limit/database-store.js';
import { createRateLimiter, type RateLimiter } from '../rate-limit/limiter.js';
import { memoryRateLimitStore } from '../rate-limit/memory-store.js';
import { apiRoutes } from '../routes/index.js';
import type { ClosableWebhookSender } from '../webhook-sender/sender.js';
import { createTargetGuard } from '../webhook-sender/target-guard.js';
import { clientAddressResolver } from './client-address.js';
import { clientErrorListener } from './client-error.js';
import { createCors } from './cors.js';
import { createRequestHandler } from './handler.js';
import { jsonLogger } from './logger.js';
import { closeGracefully } from './shutdown.js';
import { openDatabase } from './storage.js';
import { DEFAULTS } from '@tj/core';
import { PACKAGE_VERSION } from '../version.js';

/** The version the OpenAPI document states: @tj/http's, from its package.json (scripts/versions.mjs). */
export const API_VERSION = PACKAGE_VERSION;

/** The API without a socket: core wired once, and the node:http request listener that serves it. */
export interface TjApp {
  core: Core;
  storage: Storage;
  /** Signs and verifies access tokens with the database's key (or the configured secret). */
  tokens: AccessTokens;
  /** The node:http request listener: a server's, or that of requests made in process. */
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  /** From now on answers carry `Connection: close` (the server around it is shutting down). */
  markClosing(): void;
  /** Closes the webhook sender, then the database (if it was opened here). */
  close(): Promise<void>;
}

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
  const kind = (config.rateLimit || undefined)?.store ?? (storage.capabilities.sharedAcrossProcesses ? 'database' : 'memory');
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

/** The undici webhook sender, loaded at the first delivery (undici is slow to load; most runs send nothing). */
function lazySender(allowPrivateTargets: boolean): ClosableWebhookSender {
  let sender: Promise<ClosableWebhookSender> | undefined;
  return {
    async send(request: SendRequest) {
      sender ??= import('../webhook-sender/sender.js').then((m) => m.createWebhookSender({ allowPrivateTargets }));
      return (await sender).send(request);
    },
    async close() {
      await (await sender)?.close();
    },
  };
}

/**
 * Builds the API without listening: opens the database (unless `config.storage` is given), loads
 * the JWT key once, wires core (webhook sender and target guard, password cost, failed-login
 * lockout), routes, rate limits and the access log. `createServer` puts it behind a socket (port,
 * host and the timeouts are the socket's); the CLI's local mode sends it requests in process.
 *
 * @example const app = await createApp({ ...resolveServerConfig({ db: 'journal.db' }, process.env), rateLimit: false });
 */
export async function createApp(config: ServerConfig): Promise<TjApp> {
  const ownsStorage = config.storage === undefined;
  const storage = config.storage ?? (await openDatabase(config.databaseUrl));
  try {
    const key = await loadJwtKey(storage, config.jwtSecret);
    const tokens = createAccessTokens(key, config.userCheckTtlMs !== undefined ? { userCheckTtlMs: config.userCheckTtlMs } : {});
    const allowPrivateTargets = config.allowPrivateWebhooks;
    const sender = lazySender(allowPrivateTargets);
    const core = createCore({
      storage,
      ...(config.inputLimits !== undefined && { inputLimits: config.inputLimits }),
      ...(config.formats !== undefined && { formats: config.formats }),
      fxProviders: [ecbRates(config.ecbUrl === undefined ? {} : { baseUrl: config.ecbUrl })],
      barProviders: [
        databentoBars(config.databentoUrl === undefined ? {} : { baseUrl: config.databentoUrl }),
        polygonBars(config.polygonUrl === undefined ? {} : { baseUrl: config.polygonUrl }),
      ],
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
        ...(config.webhookRetentionDays !== undefined && { retentionDays: config.webhookRetentionDays }),
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
      limiters: rateLimitersFor(config, storage),
      clientAddress: clientAddressResolver(config.trustProxy),
      logger: config.logger ?? jsonLogger(),
      cors: createCors(config.corsOrigins),
      settings: { openRegistration: config.openRegistration, maxUploadBytes: config.maxUploadBytes ?? DEFAULTS.maxUploadBytes },
      maxJsonDepth: inputLimits(config.inputLimits).maxDepth,
      isClosing: () => closing,
      arrivalTimeoutMs: config.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs,
    });
    let closed: Promise<void> | undefined;
    const close = () => {
      closed ??= (async () => {
        await sender.close();
        if (ownsStorage) await storage.close();
      })();
      return closed;
    };
    const markClosing = () => {
      closing = true;
    };
    return { core, storage, tokens, handler, markClosing, close };
  } catch (e) {
    if (ownsStorage) await storage.close();
    throw e;
  }
}

/**
 * Builds the HTTP server over the app ({@link createApp}). Call `listen()` to serve.
 *
 * @example
 * const app = await createServer({ ...resolveServerConfig({}, process.env), port: 0 });
 * const url = await app.listen();
 */
export async function createServer(config: ServerConfig): Promise<TjServer> {
  const logger = config.logger ?? jsonLogger();
  const app = await createApp({ ...config, logger });
  const requestTimeout = config.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs;
  const headersTimeout = requestTimeout > 0 ? Math.min(DEFAULTS.headersTimeoutMs, requestTimeout) : DEFAULTS.headersTimeoutMs;
  const server = createHttpServer(
    {
      // Node's whole-request timer is off: the handler bounds a body's arrival itself, so an upload
      // may take as long as it keeps arriving (see arrivalDeadline). Node still times the headers.
      requestTimeout: 0,
      headersTimeout,
      keepAliveTimeout: 5_000,
      // How often Node looks for requests whose headers are past their time (it answers them 408).
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(headersTimeout / 4))),
    },
    app.handler,
  );
  server.on('clientError', clientErrorListener(logger));
  let url = '';
  let closed: Promise<void> | undefined;
  return {
    server,
    core: app.core,
    storage: app.storage,
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
        app.markClosing();
        await Promise.all([closeGracefully(server, config.shutdownTimeoutMs ?? DEFAULTS.shutdownTimeoutMs), alongside?.()]);
        await app.close();
      })();
      return closed;
    },
  };
}
