import type { Delivery, DeliveryAttempt, Webhook } from '@tj/schemas';
import { isoUtc } from '../shared/iso.js';
import type { AttemptRow, DeliveryRow, WebhookRow } from '../storage/rows.js';

const iso = isoUtc;

/** The API shape of a webhook (never its secret). */
export function webhookRecord(w: WebhookRow): Webhook {
  return { id: w.id, url: w.url, events: w.events, active: w.active, createdAt: iso(w.createdAt), updatedAt: iso(w.updatedAt) };
}

/** The API shape of one logged attempt. */
export function attemptRecord(a: AttemptRow): DeliveryAttempt {
  return {
    number: a.number,
    at: iso(a.at),
    responseStatus: a.responseStatus,
    durationMs: a.durationMs,
    error: a.error,
    responseBody: a.responseBody,
  };
}

/** The API shape of a delivery with its latest attempt and its log (`attempts`: that delivery's rows, oldest first). */
export function deliveryRecord(d: DeliveryRow, attempts: AttemptRow[]): Delivery {
  return {
    id: d.id,
    webhookId: d.webhookId,
    eventId: d.eventId,
    event: d.eventType,
    status: d.status,
    attempts: d.attempts,
    responseStatus: d.responseStatus,
    durationMs: d.durationMs,
    error: d.error,
    nextAttemptAt: d.nextAttemptAt === null ? null : iso(d.nextAttemptAt),
    createdAt: iso(d.createdAt),
    updatedAt: iso(d.updatedAt),
    attemptLog: attempts.map(attemptRecord),
  };
}
