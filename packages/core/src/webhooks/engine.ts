import type { CoreDeps } from '../shared/deps.js';
import { CoreError, ErrorCode } from '../shared/errors.js';
import type { AttemptRecord, DeliveryJob } from '../storage/ports.js';
import type { DeliveryRow } from '../storage/rows.js';
import { type AttemptVerdict, classifyAttempt } from './outcome.js';
import type { SendResult, WebhookSender } from './ports.js';
import { type DeliveryMessage, deliveryHeaders } from './request.js';
import { type RecordAttempt, writeAttempt } from './recorder.js';
import { responseBodyHead } from './response-body.js';
import { retryDelayMs } from './retry.js';
import type { LocalDispatcher, OutboxSignal } from './signal.js';

/** A webhook whose every attempt failed for this long (5 days) is deactivated. */
export const FAILING_DEACTIVATION_MS = 5 * 86_400_000;

/** What the engine runs with. */
export interface DeliveryEngineConfig {
  sender: WebhookSender | undefined;
  /** Normalised schedule in seconds; entry 0 is the first attempt. */
  retrySchedule: number[];
  timeoutMs: number;
  signal: OutboxSignal;
  /** How long finished events are kept (ms); null keeps them forever. */
  retentionMs: number | null;
}

/** One attempt's result and how it was judged. */
export interface AttemptOutcome {
  at: number;
  result: SendResult;
  verdict: AttemptVerdict;
}

/**
 * The record of one attempt on `d` at `at`: the answer of `result` (none when it was not sent), the
 * delivery's next state, the error, and for a success its webhook, whose failing streak ends. One
 * object literal of one shape for every outcome: the worker builds one per delivery, and spreads
 * of a shared base cost more and made several shapes.
 */
function attemptRecord(
  d: DeliveryRow,
  at: number,
  result: SendResult | null,
  status: DeliveryRow['status'],
  nextAttemptAt: number | null,
  error: string | null,
  clearsFailingOf?: string,
): AttemptRecord {
  return {
    userId: d.userId,
    id: d.id,
    leaseUntil: d.leaseUntil ?? 0,
    at,
    status,
    nextAttemptAt,
    responseStatus: result === null ? null : result.statusCode,
    durationMs: result === null ? null : result.durationMs,
    responseBody: result === null ? null : responseBodyHead(result.responseBody),
    error,
    clearsFailingOf,
  };
}

/**
 * Sends deliveries and records what came of them; shared by the worker, the test endpoint and
 * redelivery.
 */
export function deliveryEngine(deps: CoreDeps, config: DeliveryEngineConfig) {
  const { storage, clock } = deps;
  const random01 = () => Buffer.from(deps.random.bytes(4)).readUInt32BE(0) / 2 ** 32;

  function sender(): WebhookSender {
    if (!config.sender) throw new CoreError(ErrorCode.unavailable, 'webhook delivery is not configured on this server');
    return config.sender;
  }

  /** Signs and sends one message to `url`; a sender that throws counts as an attempt with no answer. */
  async function attempt(url: string, message: DeliveryMessage): Promise<AttemptOutcome> {
    const send = sender();
    const started = clock.now();
    const request = { url, headers: deliveryHeaders(message, started), body: message.body, timeoutMs: config.timeoutMs };
    let result: SendResult;
    try {
      result = await send.send(request);
    } catch (e) {
      result = {
        statusCode: null,
        retryAfter: null,
        durationMs: clock.now() - started,
        error: `send failed: ${(e as Error).message}`,
      };
    }
    const at = clock.now();
    return { at, result, verdict: classifyAttempt(result, at) };
  }

  /** Decides the delivery's next state after a failure, noting the webhook's failing streak. */
  async function afterFailure(job: DeliveryJob, at: number, retryAfterMs: number | null, retries: boolean) {
    const { userId, webhookId, attempts } = job.delivery;
    const failingSince = await storage.repos.webhooks.recordFailure(userId, webhookId, at);
    const deactivate = at - failingSince >= FAILING_DEACTIVATION_MS;
    const delay = deactivate || !retries ? null : retryDelayMs(config.retrySchedule, attempts + 1, random01(), retryAfterMs);
    return { deactivate, nextAttemptAt: delay === null ? null : at + delay };
  }

  /**
   * Sends a claimed delivery and records the outcome under its lease: 2xx succeeds; 410
   * deactivates the webhook; any other failure is retried on the schedule (`retries`), or
   * marked failed when the schedule is used up or the webhook has failed for 5 days
   * (which deactivates it). A delivery of an inactive webhook is marked failed unsent.
   * Returns when the next attempt is due, or null. `record` writes the outcome (the worker batches).
   */
  async function deliver(
    job: DeliveryJob,
    retries = true,
    record: RecordAttempt = (w) => writeAttempt(storage, w),
  ): Promise<number | null> {
    const d = job.delivery;
    if (!job.active) {
      await record(attemptRecord(d, clock.now(), null, 'failed', null, 'the webhook is inactive'));
      return null;
    }
    const message = { secret: job.secret, eventId: d.eventId, eventType: d.eventType, deliveryId: d.id, body: job.payload };
    const { at, result, verdict } = await attempt(job.url, message);
    if (verdict.kind === 'delivered') {
      await record(attemptRecord(d, at, result, 'succeeded', null, null, d.webhookId));
      return null;
    }
    if (verdict.kind === 'gone') {
      await record(attemptRecord(d, at, result, 'failed', null, verdict.error));
      await storage.repos.webhooks.setActive(d.userId, d.webhookId, false, at);
      return null;
    }
    const next = await afterFailure(job, at, verdict.retryAfterMs, retries);
    const status: DeliveryRow['status'] = next.nextAttemptAt === null ? 'failed' : 'pending';
    const error = next.deactivate
      ? `${verdict.error}; every attempt failed for 5 days: the webhook was deactivated`
      : verdict.error;
    await record(attemptRecord(d, at, result, status, next.nextAttemptAt, error));
    if (next.deactivate) await storage.repos.webhooks.setActive(d.userId, d.webhookId, false, at);
    return next.nextAttemptAt;
  }

  return {
    /** True when a sender is configured. */
    get configured(): boolean {
      return config.sender !== undefined;
    },
    /** Claims up to `limit` due deliveries for `leaseMs`. */
    claim(limit: number, leaseMs: number): Promise<DeliveryJob[]> {
      return storage.repos.outbox.claimDue(clock.now(), leaseMs, limit);
    },
    deliver,
    attempt,
    /** How long finished events are kept, in ms (null: forever). */
    retentionMs: config.retentionMs,
    /**
     * Purges one batch of up to `limit` events that finished before the retention period, with
     * their deliveries and logs, in one short transaction: the number of events purged (0 when
     * retention is off).
     */
    purge(limit: number): Promise<number> {
      const { retentionMs } = config;
      if (retentionMs === null) return Promise.resolve(0);
      const before = clock.now() - retentionMs;
      return storage.transaction((tx) => tx.outbox.purgeDelivered(before, limit));
    },
    /** The core's clock. */
    now: (): number => clock.now(),
    /** The storage deliveries are recorded in. */
    storage,
    /** Calls `listener` whenever this process commits new deliveries; returns the unsubscribe function. */
    onOutbox(listener: () => void): () => void {
      return config.signal.subscribe(listener);
    },
    /** Lets the worker of this process take new deliveries as they are written (see `OutboxSignal`). */
    attach(dispatcher: LocalDispatcher): () => void {
      return config.signal.attach(dispatcher);
    },
  };
}

/** The delivery engine of a core. */
export type DeliveryEngine = ReturnType<typeof deliveryEngine>;
