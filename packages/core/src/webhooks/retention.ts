import type { DeliveryEngine } from './engine.js';

/** Options of the retention loop. */
export interface RetentionOptions {
  /** How often to purge, in ms (the first run comes `firstAfterMs` after start); default 1 h. */
  everyMs?: number;
  /** Delay of the first run after start, in ms; default 10 s (or `everyMs` when that is shorter). */
  firstAfterMs?: number;
  /** Events per batch (one short transaction each); default 200. */
  batch?: number;
  onError: (error: unknown) => void;
}

/** The worker's purge of finished events: timed runs in small batches beside delivery. */
export interface RetentionLoop {
  start(): void;
  /** Stops the timer and waits for the batch in progress. */
  stop(): Promise<void>;
  /** Purges every batch due now: the number of events purged. */
  runOnce(): Promise<number>;
}

/** Yields to the event loop, so deliveries and their records go on between batches. */
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Purges finished events past the engine's retention in batches of `batch` events, each its own
 * short transaction with a turn of the event loop between them, so delivery is never held up for
 * long; it stops at the first batch that is not full.
 *
 * @example const loop = retentionLoop(engine, { onError: console.warn }); loop.start();
 */
export function retentionLoop(engine: DeliveryEngine, options: RetentionOptions): RetentionLoop {
  const everyMs = options.everyMs ?? 3_600_000;
  const firstAfterMs = Math.min(options.firstAfterMs ?? 10_000, everyMs);
  const batch = options.batch ?? 200;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  /** Set by stop: a purge in progress ends after its current batch. */
  let stopping = false;
  let current: Promise<number> | undefined;

  async function purgeAll(): Promise<number> {
    let purged = 0;
    for (;;) {
      const n = await engine.purge(batch);
      purged += n;
      if (n < batch || stopping) return purged;
      await yieldTurn();
    }
  }

  function runOnce(): Promise<number> {
    current ??= purgeAll().finally(() => {
      current = undefined;
    });
    return current;
  }

  function schedule(ms: number): void {
    if (!running) return;
    timer = setTimeout(() => {
      runOnce()
        .catch(options.onError)
        .finally(() => schedule(everyMs));
    }, ms);
    timer.unref?.();
  }

  return {
    start() {
      if (running || engine.retentionMs === null) return;
      running = true;
      stopping = false;
      schedule(firstAfterMs);
    },
    async stop() {
      running = false;
      stopping = true;
      clearTimeout(timer);
      await current?.catch(() => undefined);
    },
    runOnce,
  };
}
