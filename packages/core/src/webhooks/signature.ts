import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { decodeWebhookSecret } from '@tj/schemas';

/**
 * The HMAC key of a secret: the decoded bytes of a Standard Webhooks `whsec_<base64>` secret,
 * else the secret's UTF-8 bytes (secrets made before `whsec_` ones, and any other secret a user chose).
 *
 * @example webhookSigningKey('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').length // 24
 */
export function webhookSigningKey(secret: string): Buffer {
  const decoded = decodeWebhookSecret(secret);
  return decoded ? Buffer.from(decoded) : Buffer.from(secret, 'utf8');
}

/** Signing keys of the secrets seen lately: a worker signs every delivery of a webhook with the same one. */
const keyObjects = new Map<string, KeyObject>();
const MAX_KEYS = 1000;

/** The HMAC key of `secret` as a KeyObject, decoded once per secret. */
function hmacKey(secret: string): KeyObject {
  let key = keyObjects.get(secret);
  if (key === undefined) {
    if (keyObjects.size >= MAX_KEYS) keyObjects.clear();
    key = createSecretKey(webhookSigningKey(secret));
    keyObjects.set(secret, key);
  }
  return key;
}

/**
 * The `X-Webhook-Signature` value: lower-case hex HMAC-SHA256 of the exact body bytes, keyed
 * with the webhook's secret (see {@link webhookSigningKey}).
 *
 * @example signWebhookPayload("It's a Secret to Everybody", 'Hello, World!')
 * // '757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17'
 */
export function signWebhookPayload(secret: string, body: string | Uint8Array): string {
  return createHmac('sha256', hmacKey(secret)).update(body).digest('hex');
}

/**
 * Checks an `X-Webhook-Signature` against the body in constant time (a `sha256=` prefix, as
 * GitHub sends it, is accepted). False for any malformed signature.
 *
 * @example verifyWebhookSignature(rawBody, req.headers['x-webhook-signature'], secret) // true
 */
export function verifyWebhookSignature(body: string | Uint8Array, signature: string | null | undefined, secret: string): boolean {
  if (typeof signature !== 'string') return false;
  const hex = signature.startsWith('sha256=') ? signature.slice('sha256='.length) : signature;
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return false;
  const expected = createHmac('sha256', hmacKey(secret)).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(hex, 'hex'));
}

/**
 * The Standard Webhooks `webhook-signature` value: `v1,` and the base64 HMAC-SHA256 of
 * `{id}.{timestamp}.{body}`, keyed as {@link webhookSigningKey} says. So a `whsec_` secret works
 * as it is in a Standard Webhooks library; any other secret is given to one as `whsec_` + base64(secret).
 *
 * @example headers['webhook-signature'] = standardWebhookSignature(secret, eventId, 1763647800, body); // 'v1,…'
 */
export function standardWebhookSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', hmacKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}
