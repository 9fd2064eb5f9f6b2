/**
 * The pure rules of retrying a provider's request: which answers are worth another try, how long
 * to wait (the provider's `Retry-After` first, else a doubling backoff), and the plain-words
 * detail of an error answer with anything secret-looking taken out.
 */

/**
 * Whether an HTTP status is worth another try (429, and the 5xx that mean "not now", 500, 502,
 * 503 and 504). 501 and 505 (not implemented, version not supported) and every other 4xx will not
 * change on a retry.
 */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 500 || status === 502 || status === 503 || status === 504;
}

/**
 * The wait a `Retry-After` header asks for, in ms from `now`. It is either delay-seconds (`120`) or an
 * HTTP date (`Wed, 21 Oct 2026 07:28:00 GMT`, a date in the past is 0). Undefined when the header
 * is absent or unreadable.
 *
 * @example retryAfterMs('2', 0) // 2000
 */
export function retryAfterMs(header: string | null | undefined, now: number): number | undefined {
  const value = header?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date always names its zone (GMT); anything without a letter is not one.
  if (!/[A-Za-z]/.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The wait before retry number `retry` (1 for the first) when the provider named none (`base`,
 * then twice that, and so on, never more than `max`).
 *
 * @example backoffMs(3, 1000, 60_000) // 4000
 */
export function backoffMs(retry: number, base: number, max: number): number {
  return Math.min(max, base * 2 ** (retry - 1));
}

const URL_RE = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;
const SECRET_PAIR_RE = /\b(api[_-]?key|apikey|key|token|access[_-]?token|secret|password|signature|sig|auth)\s*[=:]\s*\S+/gi;
const QUERY_RE = /\?\S*/g;
const LONG_TOKEN_RE = /[A-Za-z0-9_\-+/=]{32,}/g;
const MAX_DETAIL = 160;

/**
 * A short, safe line from an error answer's body, to add to a message. It is the `detail`, `title`,
 * `message` or `error` of a JSON body (an RFC 9457 problem, say), else the first line of a text
 * body; an HTML page gives nothing. URLs, query strings, `key=…`-like pairs and long token-like
 * runs are removed and the line is cut at 160 characters, so a provider that echoes the request
 * cannot leak a credential through it.
 *
 * @example safeDetail('{"title":"Not Found","detail":"No results found."}') // 'No results found.'
 */
export function safeDetail(body: string): string | undefined {
  const text = body.trim();
  if (text === '' || text.startsWith('<')) return undefined;
  let line = text.split(/\r?\n/, 1)[0] ?? '';
  if (text.startsWith('{')) {
    line = '';
    try {
      const json = JSON.parse(text) as Record<string, unknown>;
      for (const name of ['detail', 'title', 'message', 'error']) {
        if (typeof json[name] === 'string' && json[name] !== '') {
          line = json[name];
          break;
        }
      }
    } catch {
      return undefined;
    }
  }
  const clean = line
    .replace(URL_RE, '…')
    .replace(SECRET_PAIR_RE, '$1=…')
    .replace(QUERY_RE, '?…')
    .replace(LONG_TOKEN_RE, '…')
    .replace(/\s+/g, ' ')
    .trim();
  if (clean === '') return undefined;
  return clean.length > MAX_DETAIL ? `${clean.slice(0, MAX_DETAIL - 1)}…` : clean;
}
