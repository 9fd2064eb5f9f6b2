import { PACKAGE_VERSION } from '../version.js';
import { signWebhookPayload, standardWebhookSignature } from './signature.js';

/** The version in the `User-Agent` of deliveries (the version of @tj/core). */
export const WEBHOOKS_VERSION = PACKAGE_VERSION;

/** `User-Agent` of every delivery. */
export const WEBHOOK_USER_AGENT = `trading-journal-webhooks/${WEBHOOKS_VERSION}`;

/** What one delivery attempt signs and sends. */
export interface DeliveryMessage {
  secret: string;
  eventId: string;
  eventType: string;
  deliveryId: string;
  /** The exact stored body `{ id, event, timestamp, data }`. */
  body: string;
}

/**
 * The headers of one attempt at `now`: `X-Webhook-Signature` (hex HMAC-SHA256 of the body),
 * `X-Webhook-Event`, `X-Webhook-Id` (the event id, the same on every retry), `X-Webhook-Timestamp`
 * (unix seconds of this attempt), `X-Webhook-Delivery`, and the Standard Webhooks `webhook-id`,
 * `webhook-timestamp`, `webhook-signature` (`v1,` base64 HMAC of `{id}.{timestamp}.{body}`).
 *
 * @example const headers = deliveryHeaders({ secret, eventId, eventType: 'trade.created', deliveryId, body }, Date.now());
 */
export function deliveryHeaders(message: DeliveryMessage, now: number): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'x-webhook-signature': signWebhookPayload(message.secret, message.body),
    'x-webhook-event': message.eventType,
    'x-webhook-id': message.eventId,
    'x-webhook-timestamp': String(timestamp),
    'x-webhook-delivery': message.deliveryId,
    'webhook-id': message.eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': standardWebhookSignature(message.secret, message.eventId, timestamp, message.body),
  };
}
