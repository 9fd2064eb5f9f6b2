import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import { action, examples, type Opts } from '../command-kit.js';
import { passwordCostFromEnv } from '../config/password-cost.js';
import { redactDatabaseUrl, sqliteFile } from '../config/paths.js';
import type { Context, Io } from '../context.js';
import { CliError, UsageError } from '../errors.js';
import { defined, positiveIntArg } from '../util/args.js';

/** Contract section 8 flags, read with the server's own resolver (a flag wins over its variable). */
async function serverConfig(ctx: Context, opts: Opts) {
  const { resolveServerConfig } = await import('@tj/http');
  try {
    return resolveServerConfig(
      defined({
        db: opts.db,
        port: opts.port,
        host: opts.host,
        openRegistration: opts.openRegistration,
        allowPrivateWebhooks: opts.allowPrivateWebhooks,
        webhookRetrySchedule: opts.webhookRetrySchedule,
        webhookRetentionDays: opts.webhookRetentionDays,
        corsOrigins: opts.corsOrigin,
        rateLimit: opts.rateLimit,
        trustProxy: opts.trustProxy,
        maxUpload: opts.maxUpload,
        inputLimits: opts.inputLimits,
      }),
      ctx.env,
    );
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/** Resolves when SIGINT or SIGTERM arrives. */
function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

/**
 * Why the server could not listen, in words, with what to do: the port is taken (pick another
 * with --port or TJ_PORT, or 0 for any free one), needs privileges, or the address is not this
 * machine's. Exit 1: the flags are right, the machine is not ready for them.
 */
function listenError(e: unknown, host: string, port: number): unknown {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const where = `${host}:${port}`;
  if (code === 'EADDRINUSE')
    return new CliError(
      `port ${port} is taken on ${host} (another tj serve?): pick another with --port N or TJ_PORT=N, or --port 0 for any free one`,
    );
  if (code === 'EACCES')
    return new CliError(`not allowed to listen on ${where}: ports below 1024 need privileges; pick one above with --port N`);
  if (code === 'EADDRNOTAVAIL')
    return new CliError(`${host} is not an address of this machine: pick another with --host (or TJ_HOST)`);
  return e;
}

/** `tj serve`: the HTTP API and webhook delivery, until SIGINT/SIGTERM (graceful shutdown). */
export async function serve(ctx: Context, opts: Opts): Promise<void> {
  const config = await serverConfig(ctx, opts);
  const cost = passwordCostFromEnv(ctx.env);
  if (cost) config.passwordCost = cost;
  const file = sqliteFile(config.databaseUrl);
  if (file !== undefined) mkdirSync(dirname(file), { recursive: true });
  const { startServer } = await import('@tj/http');
  const running = await startServer(config).catch((e: unknown) => {
    throw listenError(e, config.host, config.port);
  });
  ctx.out.note(`tj: serving ${running.url} on ${redactDatabaseUrl(config.databaseUrl)} (Ctrl-C stops)`);
  await running.stopped;
}

/** `tj worker`: delivers webhooks from the database's outbox (beside servers, or alone). */
export async function worker(ctx: Context, opts: Opts): Promise<void> {
  const config = await serverConfig(ctx, opts);
  const session = await ctx.local({
    allowPrivateWebhooks: config.allowPrivateWebhooks,
    retrySchedule: config.webhookRetrySchedule,
    retentionDays: config.webhookRetentionDays,
  });
  const { createDeliveryWorker } = await import('@tj/core');
  const onError = (e: unknown) => ctx.out.note(`tj worker: ${(e as Error)?.message ?? String(e)}`);
  const w = createDeliveryWorker(session.core, { ...defined({ pollMs: opts.pollMs, concurrency: opts.concurrency }), onError });
  if (opts.once) {
    let sent = 0;
    for (let n = await w.runOnce(); n > 0; n = await w.runOnce()) sent += n;
    const purged = await w.purge();
    ctx.out.result({ sent, purged }, (d) =>
      ctx.out.line(`Sent ${d.sent} deliveries; purged ${d.purged} finished events past retention.`),
    );
    return;
  }
  w.start();
  ctx.out.note(`tj: delivering webhooks from ${session.where} (Ctrl-C stops)`);
  await untilSignal();
  await w.stop();
}

const RETENTION_FLAG = '--webhook-retention-days <days>';
const RETENTION_HELP =
  'days delivered webhook events and their attempts are kept, 0 keeps them (env TJ_WEBHOOK_RETENTION_DAYS; default 30)';

/** Registers `tj serve` and `tj worker`. */
export function registerServe(program: Command, io: Io): void {
  const serveCmd = program
    .command('serve')
    .description('run the HTTP API and webhook delivery on the local database (--db)')
    .option('--port <n>', 'port, 0 for any free one (env TJ_PORT; default 3000)')
    .option('--host <host>', 'address to listen on (env TJ_HOST; default 127.0.0.1)')
    .option('--open-registration', 'let anyone register (env TJ_OPEN_REGISTRATION=true)')
    .option('--allow-private-webhooks', 'allow webhooks to private addresses (env TJ_ALLOW_PRIVATE_WEBHOOKS=true)')
    .option('--webhook-retry-schedule <s,s,…>', 'seconds between attempts (env TJ_WEBHOOK_RETRY_SCHEDULE)')
    .option(RETENTION_FLAG, RETENTION_HELP)
    .option('--cors-origin <origins>', 'browser origins allowed to call the API, comma-separated, or * (env TJ_CORS_ORIGINS)')
    .option(
      '--rate-limit <limits>',
      'off, or user=600/1m,ip=600/1m,login=10/15m (any of them; name=off turns one off) (env TJ_RATE_LIMIT)',
    )
    .option(
      '--trust-proxy <cidrs>',
      'proxies whose X-Forwarded-For is believed: CIDRs, addresses, loopback… (env TJ_TRUST_PROXY)',
    )
    .option('--max-upload <size>', 'largest file POST /api/imports takes: 50MB, 1GB or bytes (env TJ_MAX_UPLOAD)')
    .option(
      '--input-limits <bounds>',
      'bounds on reading input: maxBytes, maxRecords, maxRecordLength, maxDepth, maxMemoryBytes, e.g. maxDepth=16,maxMemoryBytes=256MB (env TJ_INPUT_LIMITS)',
    )
    .action(action(io, serve));
  serveCmd.addHelpText('after', '\nThe JWT secret comes from TJ_JWT_SECRET, else it is generated once and kept in the database.');
  examples(serveCmd, [
    'tj serve',
    'tj serve --port 8080 --host 0.0.0.0 --open-registration',
    'tj --db postgres://journal@db/journal serve --port 3000',
    'tj serve --host 0.0.0.0 --trust-proxy 10.0.0.0/8 --rate-limit user=1200/1m,login=5/15m',
  ]);

  const workerCmd = program
    .command('worker')
    .description('deliver webhooks from the database outbox (run beside servers sharing PostgreSQL, or alone)')
    .option('--allow-private-webhooks', 'allow webhooks to private addresses (env TJ_ALLOW_PRIVATE_WEBHOOKS=true)')
    .option('--webhook-retry-schedule <s,s,…>', 'seconds between attempts (env TJ_WEBHOOK_RETRY_SCHEDULE)')
    .option(RETENTION_FLAG, RETENTION_HELP)
    .option('--poll-ms <ms>', 'how often to look for due deliveries (default 1000)', positiveIntArg)
    .option('--concurrency <n>', 'deliveries in flight at once (default 32)', positiveIntArg)
    .option('--once', 'send what is due now, purge what is past retention, then exit')
    .action(action(io, worker));
  examples(workerCmd, ['tj worker', 'tj --db postgres://journal@db/journal worker --concurrency 64', 'tj worker --once']);
}
