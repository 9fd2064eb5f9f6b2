import { sha256Hex } from '../shared/opaque-token.js';

/** JSON with object keys sorted at every level, so equal bodies give equal text whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What makes two requests "the same" for an Idempotency-Key: method, path and the JSON body
 * (key order and white space do not matter).
 *
 * @example requestFingerprint('POST', '/api/trades', { instrument: 'ES' })
 */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return sha256Hex(`${method} ${path}\n${body === undefined ? '' : canonicalJson(body)}`);
}
