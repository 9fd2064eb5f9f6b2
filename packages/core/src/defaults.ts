/**
 * Every configurable default of the toolkit in one place: what the server, the CLI and core fall
 * back to when a setting is not given. Change a default here and every package follows.
 */
export const DEFAULTS = {
  /** The port `tj serve` listens on (`TJ_PORT`, `--port`). */
  port: 3000,
  /** The address `tj serve` binds (`TJ_HOST`, `--host`): loopback only. */
  host: '127.0.0.1',
  /** Requests per window per signed-in user, per client address, and failed logins per account. */
  rateLimits: {
    user: { limit: 600, windowSeconds: 60 },
    ip: { limit: 600, windowSeconds: 60 },
    login: { limit: 10, windowSeconds: 15 * 60 },
  },
  /**
   * Bounds on reading untrusted bytes (imports, JSON bodies): see `InputLimits`. Each exceeded one
   * answers 413 naming it; docs/decisions.md ("Hostile input") says why each value.
   */
  inputLimits: {
    /** An import's file, in bytes (1 GiB; uploads are bounded lower by `maxUploadBytes`). */
    maxBytes: 1024 * 1024 * 1024,
    /** CSV records or XML elements of one import. */
    maxRecords: 5_000_000,
    /** One CSV record, or one XML tag or text run, in characters (1 MiB). */
    maxRecordLength: 1024 * 1024,
    /** XML elements inside each other, or JSON arrays and objects. */
    maxDepth: 32,
    /** Estimated memory one import holds at once (512 MiB). */
    maxMemoryBytes: 512 * 1024 * 1024,
  },
  /** The largest import upload, in bytes (50 MiB); larger answers 413. */
  maxUploadBytes: 50 * 1024 * 1024,
  /** How long a client may take to send a request (its body included, except uploads), in ms. */
  requestTimeoutMs: 30_000,
  /** How long a client may take to send its request headers, in ms. */
  headersTimeoutMs: 10_000,
  /** How long a graceful stop waits for in-flight requests, in ms. */
  shutdownTimeoutMs: 10_000,
  /** An access token's lifetime, in seconds. */
  accessTokenTtlSeconds: 3600,
  /** How long a checked token's user is trusted before the database is asked again, in ms. */
  userCheckTtlMs: 5_000,
  /**
   * Seconds after the previous attempt (contract section 5): at once, 5 s, 5 min, 30 min, 2 h,
   * 5 h, 10 h, 14 h, 20 h, 24 h; then the delivery is marked failed.
   */
  webhookRetrySchedule: [0, 5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400] as readonly number[],
  /** Days finished webhook events are kept before the worker purges them (0 keeps them forever). */
  webhookRetentionDays: 30,
} as const;
