import { createDeliveryWorker } from '@tj/core';
import type { ServerConfig } from '../config.js';
import { createServer, type TjServer } from './create-server.js';
import { jsonLogger } from './logger.js';

/** A running server: its base URL, and a promise that settles once it has shut down. */
export interface RunningServer {
  app: TjServer;
  url: string;
  /** Shuts down as SIGTERM would. */
  stop(): Promise<void>;
  /** Resolves after shutdown (by signal or `stop()`). */
  stopped: Promise<void>;
}

/**
 * Runs the server as `tj serve` does: builds it, listens, starts the webhook delivery worker,
 * and on SIGTERM or SIGINT shuts down gracefully (stop accepting, finish in-flight requests, stop
 * the worker, close the database). Never calls `process.exit`.
 *
 * @example const { url, stopped } = await startServer(resolveServerConfig(flags, process.env)); await stopped;
 */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const logger = config.logger ?? jsonLogger();
  const app = await createServer({ ...config, logger });
  const url = await app.listen();
  const worker = createDeliveryWorker(app.core, {
    onError: (e) => logger.log({ level: 'warn', msg: 'webhook worker error', error: e instanceof Error ? e.message : String(e) }),
  });
  worker.start();
  logger.log({ level: 'info', msg: 'listening', url, database: app.storage.dialect });
  let resolveStopped: () => void = () => {};
  const stopped = new Promise<void>((r) => {
    resolveStopped = r;
  });
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      logger.log({ level: 'info', msg: 'shutting down' });
      await app.close(async () => {
        await worker.stop();
      });
      logger.log({ level: 'info', msg: 'stopped' });
      resolveStopped();
    })();
    return stopping;
  };
  const onSignal = () => {
    stop().catch((e: unknown) => logger.log({ level: 'error', msg: 'shutdown failed', error: String(e) }));
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return { app, url, stop, stopped };
}
