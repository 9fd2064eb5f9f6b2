import { MAX_RESPONSE_BODY_BYTES } from '@tj/schemas';

/**
 * The part of an answer's body the delivery log keeps: its first {@link MAX_RESPONSE_BODY_BYTES}
 * bytes as UTF-8 text, cut at a character boundary, invalid bytes as U+FFFD and NUL characters
 * dropped (text columns refuse them). Null stays null (no answer).
 *
 * @example responseBodyHead(new TextEncoder().encode('{"ok":true}')) // '{"ok":true}'
 */
export function responseBodyHead(body: Uint8Array | string | null | undefined): string | null {
  if (body === null || body === undefined) return null;
  if (body.length === 0) return '';
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  // `stream: true` holds back an incomplete character at the cut instead of replacing it.
  const text = new TextDecoder('utf-8').decode(bytes.subarray(0, MAX_RESPONSE_BODY_BYTES), { stream: true });
  return text.replaceAll('\u0000', '');
}
