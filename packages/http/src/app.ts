/**
 * `@tj/http/app`: the API as an app that does not listen, and a `fetch` that calls it in process
 * (what the CLI's local mode runs on). It loads neither undici nor the listening server's parts.
 */
export { createApp, API_VERSION, type TjApp } from './server/create-server.js';
export { inProcessFetch, type RequestListener } from './server/in-process.js';
export { resolveServerConfig, type ServerConfig } from './config.js';
export { silentLogger } from './server/logger.js';
