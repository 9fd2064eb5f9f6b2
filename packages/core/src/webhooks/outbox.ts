/**
 * The webhooks' outbox writer: the domain services call `emitEvent` in their transaction, and
 * the delivery engine sends what it wrote.
 */
import type { CoreDeps } from '../shared/deps.js';
import { isoUtc } from '../shared/iso.js';
import type { Repositories } from '../storage/ports.js';
import type { DeliveryRow, WebhookRow } from '../storage/rows.js';
import { receives } from './subscription.js';

/** The exact body every delivery of an event sends and signs: `{ id, event, timestamp, data }`. */
export function eventPayload(id: string, type: string, at: number, data: unknown): string {
  return JSON.stringify({ id, event: type, timestamp: isoUtc(at), data });
}

/**
 * Writes an event to the outbox, with one pending delivery per active webhook subscribed to it,
 * inside the caller's transaction: the change and its event land together or not at all.
 * The stored payload is the exact body every delivery sends (and signs). An event no webhook
 * subscribes to is not stored: nothing would ever read it. Bulk callers pass `hooks` once.
 */
export async function emitEvent(
  tx: Repositories,
  deps: Pick<CoreDeps, 'clock' | 'ids'>,
  userId: string,
  type: string,
  data: unknown,
  hooks?: WebhookRow[],
): Promise<string | undefined> {
  const targets = (hooks ?? (await tx.webhooks.listActive(userId))).filter((h) => receives(h, type));
  if (targets.length === 0) return undefined;
  const now = deps.clock.now();
  const id = deps.ids.next();
  const payload = eventPayload(id, type, now, data);
  const deliveries: DeliveryRow[] = targets.map((h) => ({
    userId,
    id: deps.ids.next(),
    eventId: id,
    webhookId: h.id,
    eventType: type,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    leaseUntil: null,
    responseStatus: null,
    durationMs: null,
    error: null,
    createdAt: now,
    updatedAt: now,
  }));
  await tx.outbox.insertEvent({ userId, id, type, payload, createdAt: now }, deliveries);
  return id;
}
