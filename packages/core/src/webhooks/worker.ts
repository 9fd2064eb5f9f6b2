import type { DeliveryJob } from '../storage/ports.js';
import type { DeliveryEngine } from './engine.js';
import { localDispatcher, localJobs } from './local-jobs.js';
import { batchedAttemptRecorder, type RecordAttempt } from './recorder.js';
import { retentionLoop } from './retention.js';

/** Options of the delivery worker. */
export interface DeliveryWorkerOptions {
  /** How often to look for due deliveries written by other processes or due retries, in ms; default 1,000. */
  pollMs?: number;
  /**
   * How long a claimed attempt is held, in ms; default 60,000. A process that dies mid-attempt
   * leaves it to be sent again once the lease ends, so keep it above the send timeout (15 s).
   */
  leaseMs?: number;
  /** Attempts in flight at once; default 32. */
  concurrency?: number;
  /** Called with errors of the worker itself (the database was unreachable…); default: a one-line warning. */
  onError?: (error: unknown) => void;
  /** How often finished events past the retention period (`WebhookOptions.retentionDays`) are purged, in ms; default 1 h. */
  purgeEveryMs?: number;
  /** Events purged per batch, each batch one short transaction; default 200. */
  purgeBatch?: number;
}

/** A running delivery worker. */
export interface DeliveryWorker {
  /** Starts the claim-and-send loop (idempotent). */
  start(): void;
  /** Stops claiming and waits for the attempts in flight. */
  stop(): Promise<void>;
  /** Claims the deliveries due now (up to `concurrency`), sends them and waits: the number sent. */
  runOnce(): Promise<number>;
  /** Purges, batch after batch, the finished events past the retention period now: the number of events purged. */
  purge(): Promise<number>;
}

const defaultOnError = (e: unknown) => console.warn(`webhook worker: ${(e as Error)?.message ?? String(e)}`);

/**
 * The outbox delivery worker: claims due deliveries with a lease, sends each to its webhook and
 * records the outcome and the attempt in the delivery log. It wakes at once when this process
 * commits new deliveries and polls for the rest; any number of workers may share one database
 * (claims never overlap). Beside delivery it purges finished events past the retention period,
 * in small batches.
 *
 * @example
 * const worker = createDeliveryWorker(core, { leaseMs: 30_000 });
 * worker.start();
 * process.on('SIGTERM', () => void worker.stop());
 */
export function createDeliveryWorker(
  core: { webhooks: { delivery: DeliveryEngine } },
  options: DeliveryWorkerOptions = {},
): DeliveryWorker {
  const engine = core.webhooks.delivery;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const concurrency = options.concurrency ?? 32;
  const onError = options.onError ?? defaultOnError;
  // Claimed jobs are kept up to four rounds ahead of the sends; while the queue is backed up, the
  // next claim starts when two rounds are left: fewer, larger claims that overlap the sends.
  const ahead = 4 * concurrency;
  // A slot is free again once its send returns; the records still being written are capped here.
  const maxRecording = 4 * concurrency;
  const recorder = batchedAttemptRecorder(engine.storage);
  const local = localJobs(engine.storage);
  const retention = retentionLoop(engine, {
    ...(options.purgeEveryMs !== undefined && { everyMs: options.purgeEveryMs }),
    ...(options.purgeBatch !== undefined && { batch: options.purgeBatch }),
    onError,
  });
  /** Every delivery started and not finished (its record included). */
  const inFlight = new Set<Promise<void>>();
  /** Claimed jobs waiting for a slot: the claim runs a round ahead of the sends. */
  const ready: DeliveryJob[] = [];
  /** Deliveries holding a slot (from launch until their outcome is handed to the recorder). */
  let sending = 0;
  let running = false;
  let loop: Promise<void> | undefined;
  /** Ends the current pause early. */
  let wake: (() => void) | undefined;
  /** New deliveries were committed since the last claim. */
  let signalled = false;
  /** The last claim took all it asked for: more is probably due. */
  let saturated = false;
  let unsubscribe: (() => void) | undefined;
  let detach: (() => void) | undefined;

  const nudge = () => {
    signalled = true;
    wake?.();
  };

  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryAt = Number.POSITIVE_INFINITY;

  /** Wakes the loop when a retry this process scheduled falls due (sooner than the next poll). */
  function wakeAt(due: number | null | undefined): void {
    if (!running || due === null || due === undefined || due >= retryAt) return;
    const delay = Math.max(0, due - engine.now());
    if (delay >= pollMs) return;
    clearTimeout(retryTimer);
    retryAt = due;
    const arm = (ms: number) => {
      retryTimer = setTimeout(() => {
        // Timers may fire a millisecond before the wall clock reaches `due`: wait out the rest.
        const left = due - engine.now();
        if (left > 0) return arm(left);
        retryAt = Number.POSITIVE_INFINITY;
        nudge();
      }, ms);
      retryTimer.unref?.();
    };
    arm(delay);
  }

  /** How many jobs the next claim takes: up to four rounds ahead of the sends. */
  const wanted = () => ahead - ready.length;
  /** A claim is due: jobs are wanted, and when the last claim was full, no more than two rounds are left. */
  const claimDue = () => wanted() > 0 && (!saturated || ready.length <= 2 * concurrency);

  /** Sends `job` in a slot; the slot is freed when its outcome goes to the recorder (or the delivery ends). */
  function launch(job: DeliveryJob | Promise<DeliveryJob | undefined>): Promise<void> {
    sending++;
    let holding = true;
    const release = () => {
      if (!holding) return;
      holding = false;
      sending--;
      pump();
    };
    const record: RecordAttempt = (attempt) => {
      release();
      return recorder.record(attempt);
    };
    const p = Promise.resolve(job)
      .then((j) => (j ? engine.deliver(j, true, record) : null))
      .then(wakeAt, onError)
      .finally(() => {
        release();
        inFlight.delete(p);
        pump();
      });
    inFlight.add(p);
    return p;
  }

  /** Starts ready jobs in the free slots while the records being written stay under the cap; wakes the claim loop. */
  function pump(): void {
    while (ready.length > 0 && sending < concurrency && recorder.pending() < maxRecording) launch(ready.shift() as DeliveryJob);
    if (running && saturated && claimDue()) wake?.();
  }

  const dispatcher = localDispatcher({
    now: engine.now,
    leaseMs,
    free: () => (running ? concurrency - sending : 0),
    launch: (d) => launch(local.jobOf(d)),
  });

  async function claim(limit: number): Promise<DeliveryJob[]> {
    try {
      return await engine.claim(limit, leaseMs);
    } catch (e) {
      onError(e);
      return [];
    }
  }

  /** Sleeps until `ms` pass or `wake` is called (a slot frees up, deliveries are signalled, stop). */
  function pause(ms: number, skipIfSignalled: boolean): Promise<void> {
    if (skipIfSignalled && signalled) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  }

  async function run(): Promise<void> {
    while (running) {
      if (!claimDue()) {
        await pause(pollMs, false);
        continue;
      }
      const want = wanted();
      signalled = false;
      const jobs = await claim(want);
      for (const job of jobs) local.remember(job);
      ready.push(...jobs);
      pump();
      saturated = jobs.length === want;
      if (!saturated && running) await pause(pollMs, true);
    }
  }

  return {
    start() {
      if (running) return;
      if (!engine.configured) {
        onError(new Error('webhook delivery is not configured (createCore needs webhooks.sender): deliveries stay pending'));
        return;
      }
      running = true;
      unsubscribe = engine.onOutbox(nudge);
      detach = engine.attach(dispatcher);
      loop = run();
      retention.start();
    },
    async stop() {
      running = false;
      detach?.();
      unsubscribe?.();
      clearTimeout(retryTimer);
      wake?.();
      await Promise.all([loop, retention.stop()]);
      // Transactions that reserved deliveries before the detach hand them over when they commit.
      for (let waited = 0; dispatcher.reserved() > 0 && waited < 5000; waited += 10) await new Promise((r) => setTimeout(r, 10));
      // Claimed jobs not started yet are sent now: their leases are this worker's.
      while (ready.length > 0 || inFlight.size > 0) {
        pump();
        await Promise.race([...inFlight]);
      }
      await recorder.settled();
    },
    async runOnce() {
      if (!engine.configured) return 0;
      const jobs = await engine.claim(concurrency, leaseMs);
      await Promise.all(jobs.map(launch));
      await recorder.settled();
      return jobs.length;
    },
    purge: () => retention.runOnce(),
  };
}
