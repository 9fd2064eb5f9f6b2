/** The format of webhook secrets a user may send: Standard Webhooks `whsec_<base64>` or any other text. */

/** The prefix of Standard Webhooks secrets: `whsec_` + base64 of the key bytes. */
export const WHSEC_PREFIX = 'whsec_';

/** Key sizes a `whsec_` secret may decode to (the Standard Webhooks range). */
export const WHSEC_KEY_BYTES = { min: 24, max: 64 } as const;

/** Standard base64 with its padding. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The key bytes of a `whsec_<base64>` secret; undefined for any other secret (those sign with their
 * UTF-8 bytes) or when the part after `whsec_` is not base64.
 *
 * @example decodeWebhookSecret('whsec_AAAA')?.length // 3
 */
export function decodeWebhookSecret(secret: string): Uint8Array | undefined {
  if (!secret.startsWith(WHSEC_PREFIX)) return undefined;
  const text = secret.slice(WHSEC_PREFIX.length);
  if (text === '' || !BASE64.test(text)) return undefined;
  const binary = atob(text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * Why a secret a user sends cannot be used, or null: a `whsec_` secret must be base64 of 24 to 64
 * bytes (what Standard Webhooks libraries accept); other secrets are taken as they are.
 *
 * @example webhookSecretProblem('whsec_not base64!') // 'a whsec_ secret must be whsec_ and standard base64 …'
 */
export function webhookSecretProblem(secret: string): string | null {
  if (!secret.startsWith(WHSEC_PREFIX)) return null;
  const key = decodeWebhookSecret(secret);
  if (key && key.length >= WHSEC_KEY_BYTES.min && key.length <= WHSEC_KEY_BYTES.max) return null;
  return `a whsec_ secret must be whsec_ and standard base64 of ${WHSEC_KEY_BYTES.min} to ${WHSEC_KEY_BYTES.max} bytes`;
}
