export { createServer, createApp, API_VERSION, type TjServer, type TjApp } from './server/create-server.js';
export { inProcessFetch, type RequestListener } from './server/in-process.js';
export { startServer, type RunningServer } from './server/start-server.js';
export {
  resolveServerConfig,
  defaultDatabasePath,
  DEFAULT_RATE_LIMITS,
  parseInputLimits,
  parseRateLimits,
  type ServerConfig,
  type ServerFlags,
  type RateLimit,
  type RateLimitConfig,
} from './config.js';
export { jsonLogger, silentLogger, type Logger, type LogEntry } from './server/logger.js';
export { buildOpenApiDocument } from './openapi/document.js';
export { apiRoutes, type Route, type RouteContext, type RouteResult } from './routes/index.js';
export { STATUS_OF_CODE } from './errors/status.js';
export { createAccessTokens, loadJwtKey, type AccessTokens } from './auth/access-tokens.js';
export { memoryRateLimitStore } from './rate-limit/memory-store.js';
export { databaseRateLimitStore } from './rate-limit/database-store.js';
export type { RateLimitStore } from './rate-limit/store.js';
export * from './webhook-sender/index.js';
