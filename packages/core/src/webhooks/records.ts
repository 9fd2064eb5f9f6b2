import type { Delivery, Webhook } from '../schemas/webhook.js';
import { isoUtc } from '../shared/iso.js';
import type { DeliveryRow, WebhookRow } from '../storage/rows.js';

const iso = isoUtc;

/** The API shape of a webhook (never its secret). */
export function webhookRecord(w: WebhookRow): Webhook {
  return { id: w.id, url: w.url, events: w.events, active: w.active, createdAt: iso(w.createdAt), updatedAt: iso(w.updatedAt) };
}

/** The API shape of a delivery with its latest attempt. */
export function deliveryRecord(d: DeliveryRow): Delivery {
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
  };
}
