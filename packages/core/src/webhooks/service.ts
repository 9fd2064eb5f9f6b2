import { DEFAULTS } from '../defaults.js';
import { eventPayload } from './outbox.js';
import {
  type Delivery,
  type DeliveryList,
  deliveryListQuerySchema,
  type DeliveryOutcome,
  paginationOf,
  TEST_EVENT,
  type Webhook,
  type WebhookCreated,
  webhookCreateSchema,
  type WebhookList,
} from '@tj/schemas';
import type { CoreDeps } from '../shared/deps.js';
import { recordId } from '../shared/record-id.js';
import { CoreError, ErrorCode, notFound, validationError } from '../shared/errors.js';
import { parseInput } from '../shared/validate.js';
import type { AttemptRow, DeliveryRow, WebhookRow } from '../storage/rows.js';
import { deliveryEngine } from './engine.js';
import type { TargetGuard, WebhookSender } from './ports.js';
import { deliveryRecord, webhookRecord } from './records.js';
import { responseBodyHead } from './response-body.js';
import { DEFAULT_RETRY_SCHEDULE, normalizeRetrySchedule } from './retry.js';
import { newWebhookSecret, WEBHOOK_SECRET_BYTES } from './secret.js';
import { createOutboxSignal, type OutboxSignal } from './signal.js';
import { literalTargetGuard } from './target.js';

/** Webhook options of `createCore`. */
export interface WebhookOptions {
  /** Sends deliveries (`createWebhookSender` of `@tj/http`); without one nothing is sent. */
  sender?: WebhookSender;
  /** Checks URLs at registration; default: literal private addresses and localhost are refused. */
  guard?: TargetGuard;
  /** Lets the default guard accept private targets (the sender has its own switch). */
  allowPrivateTargets?: boolean;
  /** Seconds after the previous attempt; default: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h. */
  retrySchedule?: readonly number[];
  /** Time limit of one attempt in ms; default 15,000. */
  timeoutMs?: number;
  /** How long redelivery holds its lease in ms (a crash mid-attempt hands it to the worker after it); default 60,000. */
  leaseMs?: number;
  /**
   * Days an event is kept once every delivery of it succeeded (counted from its last attempt); the
   * worker then purges it with its deliveries and their attempts. Default 30; 0 keeps them forever.
   * Pending, retrying and failed deliveries are never purged.
   */
  retentionDays?: number;
}

/** Default of `WebhookOptions.retentionDays` (see `DEFAULTS.webhookRetentionDays`). */
export const DEFAULT_RETENTION_DAYS = DEFAULTS.webhookRetentionDays;

/** The retention period in ms (null: keep forever); a negative or non-finite number of days is a RangeError. */
function retentionMsOf(days: number | undefined): number | null {
  const d = days ?? DEFAULT_RETENTION_DAYS;
  if (!Number.isFinite(d) || d < 0) throw new RangeError(`webhook retention must be a number of days ≥ 0, not ${d}`);
  return d === 0 ? null : Math.round(d * 86_400_000);
}

/** Most webhooks one user may have: each event fans out to every one of them. */
export const MAX_WEBHOOKS_PER_USER = 50;

/**
 * Webhook subscriptions of one acting user, their deliveries, and the test and redelivery actions.
 *
 * @example const { secret } = await webhooks(deps, { sender }).create(userId, { url: 'https://example.com/hook', events: ['trade.closed'] });
 */
export function webhooks(deps: CoreDeps, options: WebhookOptions & { signal?: OutboxSignal } = {}) {
  const { storage, clock } = deps;
  const guard = options.guard ?? literalTargetGuard(options.allowPrivateTargets ?? false);
  const leaseMs = options.leaseMs ?? 60_000;
  const engine = deliveryEngine(deps, {
    sender: options.sender,
    retrySchedule: normalizeRetrySchedule(options.retrySchedule ?? DEFAULT_RETRY_SCHEDULE),
    timeoutMs: options.timeoutMs ?? 15_000,
    signal: options.signal ?? createOutboxSignal(),
    retentionMs: retentionMsOf(options.retentionDays),
  });

  /** The rows of a page of deliveries with their logs. */
  async function withLogs(userId: string, rows: DeliveryRow[]): Promise<Delivery[]> {
    const attempts = await storage.repos.outbox.listAttempts(
      userId,
      rows.map((d) => d.id),
    );
    const byDelivery = new Map<string, AttemptRow[]>();
    for (const a of attempts) {
      const log = byDelivery.get(a.deliveryId);
      if (log) log.push(a);
      else byDelivery.set(a.deliveryId, [a]);
    }
    return rows.map((d) => deliveryRecord(d, byDelivery.get(d.id) ?? []));
  }

  async function load(userId: string, id: string): Promise<WebhookRow> {
    const full = await recordId(storage.repos.ids, 'webhooks', userId, id, 'webhook');
    const row = full === undefined ? undefined : await storage.repos.webhooks.get(userId, full);
    if (!row) throw notFound('webhook');
    return row;
  }

  async function loadDelivery(userId: string, webhookId: string, id: string): Promise<DeliveryRow> {
    const full = await recordId(storage.repos.ids, 'deliveries', userId, id, 'delivery');
    const row = full === undefined ? undefined : await storage.repos.outbox.getDelivery(userId, full);
    if (!row || row.webhookId !== webhookId) throw notFound('delivery');
    return row;
  }

  return {
    /**
     * Registers a webhook → the record with its secret (`whsec_` + base64 of 32 random bytes when
     * not sent); shown only here.
     */
    async create(userId: string, input: unknown): Promise<WebhookCreated> {
      const body = parseInput(webhookCreateSchema, input);
      const url = new URL(body.url).href;
      const refusal = await guard.refusal(url);
      if (refusal !== null) throw validationError([{ path: 'url', message: refusal }]);
      if ((await storage.repos.webhooks.list(userId)).length >= MAX_WEBHOOKS_PER_USER) {
        throw new CoreError(ErrorCode.conflict, `a user may have at most ${MAX_WEBHOOKS_PER_USER} webhooks`);
      }
      const secret = body.secret ?? newWebhookSecret(deps.random.bytes(WEBHOOK_SECRET_BYTES));
      const now = clock.now();
      const row: WebhookRow = {
        userId,
        id: deps.ids.next(),
        url,
        events: body.events,
        secret,
        active: true,
        createdAt: now,
        updatedAt: now,
      };
      await storage.repos.webhooks.insert(row);
      return { ...webhookRecord(row), secret };
    },
    /** The user's webhooks, oldest first. */
    async list(userId: string): Promise<WebhookList> {
      return { webhooks: (await storage.repos.webhooks.list(userId)).map(webhookRecord) };
    },
    /** One webhook, or `not_found`. */
    async get(userId: string, id: string): Promise<Webhook> {
      return webhookRecord(await load(userId, id));
    },
    /** Deletes a webhook and its deliveries. */
    async delete(userId: string, id: string): Promise<void> {
      const full = await recordId(storage.repos.ids, 'webhooks', userId, id, 'webhook');
      if (full === undefined || !(await storage.transaction((tx) => tx.webhooks.delete(userId, full)))) throw notFound('webhook');
    },
    /**
     * Sends `webhook.test` (data `{ webhookId }`) at once and answers the outcome; the attempt is
     * listed with the deliveries. A 410 deactivates the webhook; a success reactivates one that was
     * deactivated (the only way back, short of registering it again).
     */
    async test(userId: string, id: string): Promise<DeliveryOutcome> {
      const hook = await load(userId, id);
      const now = clock.now();
      const eventId = deps.ids.next();
      const deliveryId = deps.ids.next();
      const body = eventPayload(eventId, TEST_EVENT, now, { webhookId: hook.id });
      const message = { secret: hook.secret, eventId, eventType: TEST_EVENT, deliveryId, body };
      const { at, result, verdict } = await engine.attempt(hook.url, message);
      const delivered = verdict.kind === 'delivered';
      const error = verdict.kind === 'delivered' ? null : verdict.error;
      await storage.transaction(async (tx) => {
        await tx.outbox.insertEvent({ userId, id: eventId, type: TEST_EVENT, payload: body, createdAt: now }, [
          {
            userId,
            id: deliveryId,
            eventId,
            webhookId: hook.id,
            eventType: TEST_EVENT,
            status: delivered ? 'succeeded' : 'failed',
            attempts: 1,
            nextAttemptAt: null,
            leaseUntil: null,
            responseStatus: result.statusCode,
            durationMs: result.durationMs,
            error,
            createdAt: now,
            updatedAt: at,
          },
        ]);
        await tx.outbox.insertAttempts([
          {
            userId,
            deliveryId,
            number: 1,
            at,
            responseStatus: result.statusCode,
            durationMs: result.durationMs,
            error,
            responseBody: responseBodyHead(result.responseBody),
          },
        ]);
        if (verdict.kind === 'gone' && hook.active) await tx.webhooks.setActive(userId, hook.id, false, at);
        if (delivered) await tx.webhooks.recordSuccess(userId, hook.id);
        if (delivered && !hook.active) await tx.webhooks.setActive(userId, hook.id, true, at);
      });
      return { delivered, statusCode: result.statusCode, durationMs: result.durationMs, error };
    },
    /** The webhook's deliveries, newest first, each with its latest attempt and every attempt; `status` filters. */
    async deliveries(userId: string, id: string, query: unknown): Promise<DeliveryList> {
      const q = parseInput(deliveryListQuerySchema, query ?? {});
      const hook = await load(userId, id);
      const page = await storage.repos.outbox.listDeliveries(
        userId,
        hook.id,
        { status: q.status },
        { page: q.page, limit: q.limit },
      );
      return { deliveries: await withLogs(userId, page.rows), pagination: paginationOf(q.page, q.limit, page.total) };
    },
    /**
     * Sends a delivery that is not pending (failed, or succeeded) once more, at once, with the same
     * event id and body → the delivery with that attempt. A pending one is `conflict`.
     */
    async redeliver(userId: string, webhookId: string, deliveryId: string): Promise<Delivery> {
      const hook = await load(userId, webhookId);
      const before = await loadDelivery(userId, hook.id, deliveryId);
      if (before.status === 'pending') throw new CoreError(ErrorCode.conflict, 'the delivery is pending: it will be sent anyway');
      if (!engine.configured) throw new CoreError(ErrorCode.unavailable, 'webhook delivery is not configured on this server');
      const job = await storage.repos.outbox.claimOne(userId, before.id, clock.now(), leaseMs);
      if (!job) throw new CoreError(ErrorCode.conflict, 'the delivery is pending: it will be sent anyway');
      await engine.deliver(job, false);
      const [delivery] = await withLogs(userId, [await loadDelivery(userId, hook.id, before.id)]);
      return delivery as Delivery;
    },
    /** The delivery engine the worker runs (`createDeliveryWorker`). */
    delivery: engine,
  };
}

/** The webhooks service of a core. */
export type WebhooksService = ReturnType<typeof webhooks>;
