import type { WebhookEvent } from '../types.js';
import { bytesOf, concat, fromBase64, fromHex, hmacKey, hmacVerify, type WebhookBody } from './crypto.js';

/** Why a webhook delivery was refused by {@link constructEvent}. */
export type WebhookVerificationReason =
  | 'missing_signature'
  | 'invalid_signature'
  | 'timestamp_out_of_tolerance'
  | 'invalid_payload';

/** Thrown by {@link constructEvent} when a delivery cannot be trusted; `reason` says why. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(
    readonly reason: WebhookVerificationReason,
    message: string,
  ) {
    super(message);
  }
}

/** Request headers as frameworks hand them over: a fetch `Headers`, or Node's lower-case header object. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/** Options of {@link constructEvent}. */
export interface ConstructEventOptions {
  /** How far (seconds) the signed timestamp may lie from now; default 300. */
  toleranceSeconds?: number;
  /** Now, epoch ms (for tests); default `Date.now()`. */
  now?: number;
}

const encoder = new TextEncoder();

/**
 * True when `header` (the `X-Webhook-Signature` value: lower-case hex HMAC-SHA256 of the exact body
 * bytes, keyed with the webhook's secret) matches `body`. Compares in constant time via WebCrypto.
 * Pass the raw body exactly as received, before any JSON parsing. A Standard Webhooks
 * `whsec_<base64>` secret (what the service makes) keys with its decoded bytes; any other secret
 * with its UTF-8 bytes.
 *
 * @example
 * const ok = await verifyWebhookSignature(rawBody, request.headers.get('x-webhook-signature'), secret);
 */
export async function verifyWebhookSignature(
  body: WebhookBody,
  header: string | null | undefined,
  secret: string,
): Promise<boolean> {
  const signature = fromHex((header ?? '').trim());
  if (!signature) return false;
  const data = bytesOf(body);
  for (const key of await Promise.all(signingKeys(secret).map(hmacKey))) if (await hmacVerify(key, signature, data)) return true;
  return false;
}

/**
 * Verifies a delivery and returns its payload `{ id, event, timestamp, data }`. Checks every
 * signature present: `X-Webhook-Signature` (hex HMAC of the body) and the Standard Webhooks
 * `webhook-signature` (`v1,<base64>` HMAC of `{webhook-id}.{webhook-timestamp}.{body}`). The signed
 * time must lie within `toleranceSeconds` of now: `webhook-timestamp` (the time of this attempt, so
 * late retries pass) when those headers are there, else the payload's own `timestamp` (the event's
 * time). Deduplicate retries by the payload's `id`.
 *
 * @example
 * const event = await constructEvent(rawBody, request.headers, process.env.TJ_WEBHOOK_SECRET!, { toleranceSeconds: 300 });
 * if (event.event === 'trade.closed') console.log(event.data.tradeId);
 */
export async function constructEvent(
  body: WebhookBody,
  headers: WebhookHeaders,
  secret: string,
  options: ConstructEventOptions = {},
): Promise<WebhookEvent> {
  const tolerance = options.toleranceSeconds ?? 300;
  const now = options.now ?? Date.now();
  const own = header(headers, 'x-webhook-signature');
  const standard = header(headers, 'webhook-signature');
  if (own === undefined && standard === undefined)
    fail('missing_signature', 'no X-Webhook-Signature or webhook-signature header');
  if (own !== undefined && !(await verifyWebhookSignature(body, own, secret))) {
    fail('invalid_signature', 'X-Webhook-Signature does not match the body');
  }
  if (standard === undefined) {
    const event = parsePayload(body);
    checkTime(Date.parse(event.timestamp), now, tolerance, 'the payload timestamp');
    return event;
  }
  const id = header(headers, 'webhook-id') ?? '';
  const timestamp = header(headers, 'webhook-timestamp') ?? '';
  if (!(await verifyStandard(body, id, timestamp, standard, secret)))
    fail('invalid_signature', 'webhook-signature does not match');
  checkTime(/^\d+$/.test(timestamp) ? Number(timestamp) * 1000 : Number.NaN, now, tolerance, 'webhook-timestamp');
  return parsePayload(body);
}

/** Standard Webhooks: any `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` in the space-separated list matches. */
async function verifyStandard(
  body: WebhookBody,
  id: string,
  timestamp: string,
  header: string,
  secret: string,
): Promise<boolean> {
  const signed = concat(encoder.encode(`${id}.${timestamp}.`), bytesOf(body));
  const signatures = header
    .split(' ')
    .map((part) => part.split(',', 2))
    .map(([version, value]) => (version === 'v1' && value ? fromBase64(value) : undefined))
    .filter((signature) => signature?.byteLength === 32) as Uint8Array<ArrayBuffer>[];
  for (const key of await Promise.all(signingKeys(secret).map(hmacKey))) {
    for (const signature of signatures) if (await hmacVerify(key, signature, signed)) return true;
  }
  return false;
}

/**
 * Keys to try: for a Standard Webhooks `whsec_<base64>` secret its decoded bytes (what the service
 * signs with, as that specification's libraries do), then its UTF-8 bytes (what servers before
 * `whsec_` secrets signed a user's own `whsec_` secret with); for any other secret its UTF-8 bytes.
 */
function signingKeys(secret: string): Uint8Array<ArrayBuffer>[] {
  const decoded = secret.startsWith('whsec_') ? fromBase64(secret.slice(6)) : undefined;
  return decoded && decoded.byteLength > 0 ? [decoded, encoder.encode(secret)] : [encoder.encode(secret)];
}

function checkTime(at: number, now: number, toleranceSeconds: number, what: string): void {
  if (!Number.isFinite(at)) fail('invalid_payload', `${what} is missing or not a time`);
  if (Math.abs(now - at) > toleranceSeconds * 1000)
    fail('timestamp_out_of_tolerance', `${what} is more than ${toleranceSeconds} s from now`);
}

function parsePayload(body: WebhookBody): WebhookEvent {
  let value: unknown;
  try {
    value = JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(bytesOf(body)));
  } catch {
    return fail('invalid_payload', 'body is not JSON');
  }
  const p = value as Partial<WebhookEvent> | null;
  const ok =
    p && typeof p === 'object' && typeof p.id === 'string' && typeof p.event === 'string' && typeof p.timestamp === 'string';
  if (!ok || typeof p.data !== 'object' || p.data === null)
    return fail('invalid_payload', 'body is not { id, event, timestamp, data }');
  return p as WebhookEvent;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value[0] : value;
}

function fail(reason: WebhookVerificationReason, message: string): never {
  throw new WebhookVerificationError(reason, message);
}
