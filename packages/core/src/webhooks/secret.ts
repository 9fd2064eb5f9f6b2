import { WHSEC_PREFIX } from '@tj/schemas';

/** Random bytes in a secret the service makes. */
export const WEBHOOK_SECRET_BYTES = 32;

/**
 * A new secret from random bytes: `whsec_` + base64, as Standard Webhooks libraries take it.
 *
 * @example newWebhookSecret(deps.random.bytes(WEBHOOK_SECRET_BYTES)) // 'whsec_…' (50 characters)
 */
export function newWebhookSecret(bytes: Uint8Array): string {
  return WHSEC_PREFIX + btoa(String.fromCharCode(...bytes));
}
