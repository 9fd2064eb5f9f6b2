import type { WebhookRow } from '../storage/rows.js';

/**
 * The one subscription rule: an active webhook receives an event when it lists the event's name
 * or `*`. The outbox stores a delivery only for webhooks this answers true for.
 */
export function receives(webhook: Pick<WebhookRow, 'active' | 'events'>, eventType: string): boolean {
  return webhook.active && (webhook.events.includes('*') || webhook.events.includes(eventType));
}
