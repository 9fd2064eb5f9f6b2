import { MAX_RESPONSE_BODY_BYTES, type SendResult, type WebhookSender } from '@tj/core';
import { hostOf, isLocalhostName, isPrivateAddress, parseIpAddress } from '@tj/core/internal';
import { Agent, request } from 'undici';
import { guardedLookup, PRIVATE_TARGET, privateTargetError, type Resolver, systemResolver } from './guarded-lookup.js';

/** Options of the undici webhook sender. */
export interface WebhookSenderOptions {
  /** Deliver to private, loopback and link-local targets too (tests, home set-ups); default false. */
  allowPrivateTargets?: boolean;
  /** Time limit of one attempt (connect, send, answer) in ms; default 15,000. */
  timeoutMs?: number;
  /** Name resolution; default the system resolver (node:dns lookup). */
  resolve?: Resolver;
}

/** The undici sender; `close` ends its pooled connections. */
export interface ClosableWebhookSender extends WebhookSender {
  close(): Promise<void>;
}

/** Most of an answer's body that is read (then the rest is dropped with the connection). */
const BODY_LIMIT = 4096;

/**
 * Reads an answer's body up to `BODY_LIMIT` bytes and keeps its first `MAX_RESPONSE_BODY_BYTES`
 * for the delivery log; a body that breaks off keeps what arrived. Leaving the loop early
 * destroys the rest of the body (and its connection).
 */
async function bodyHead(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const kept: Buffer[] = [];
  let seen = 0;
  try {
    for await (const chunk of body) {
      if (seen < MAX_RESPONSE_BODY_BYTES) kept.push(chunk.subarray(0, MAX_RESPONSE_BODY_BYTES - seen));
      seen += chunk.length;
      if (seen >= BODY_LIMIT) break;
    }
  } catch {
    // The answer's status already counts; a body cut short keeps what arrived.
  }
  return Buffer.concat(kept);
}

function describe(e: unknown, timeoutMs: number): string {
  const err = e as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const code = err?.code ?? err?.cause?.code;
  if (
    err?.name === 'TimeoutError' ||
    err?.name === 'AbortError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  ) {
    return `timed out after ${timeoutMs} ms`;
  }
  if (code === PRIVATE_TARGET) return (err.code === PRIVATE_TARGET ? err : (err.cause as Error)).message;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'connection reset';
  return `connection failed: ${code ?? err?.message ?? 'unknown error'}`;
}

/** Refuses a URL whose host is a literal private address or a localhost name (they never reach the resolver). */
function literalRefusal(url: string): string | null {
  const host = hostOf(url);
  if (host === null) return 'invalid URL';
  if (isLocalhostName(host)) return privateTargetError(host, '127.0.0.1').message;
  if (parseIpAddress(host) !== null && isPrivateAddress(host)) return privateTargetError(host, host).message;
  return null;
}

/**
 * The webhook sender over undici: resolves names itself and refuses private, loopback,
 * link-local and reserved targets (unless allowed), connecting to the very address it checked;
 * follows no redirect; reads at most 4 KB of the answer and keeps its first 1 KiB for the log; gives up after `timeoutMs`.
 *
 * @example const core = createCore({ storage, webhooks: { sender: createWebhookSender({ allowPrivateTargets: false }) } });
 */
export function createWebhookSender(options: WebhookSenderOptions = {}): ClosableWebhookSender {
  const allowPrivate = options.allowPrivateTargets ?? false;
  const defaultTimeout = options.timeoutMs ?? 15_000;
  const agent = new Agent({
    connect: { lookup: guardedLookup(options.resolve ?? systemResolver, allowPrivate), timeout: defaultTimeout },
    headersTimeout: defaultTimeout,
    bodyTimeout: defaultTimeout,
  });
  return {
    async send({ url, headers, body, timeoutMs }): Promise<SendResult> {
      const limit = timeoutMs > 0 ? timeoutMs : defaultTimeout;
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const refused = allowPrivate ? null : literalRefusal(url);
      if (refused !== null) return { statusCode: null, retryAfter: null, durationMs: 0, error: refused };
      const signal = AbortSignal.timeout(limit);
      try {
        const res = await request(url, {
          method: 'POST',
          headers,
          body,
          dispatcher: agent,
          signal,
          headersTimeout: limit,
          bodyTimeout: limit,
        });
        const header = res.headers['retry-after'];
        const retryAfter = Array.isArray(header) ? (header[0] ?? null) : (header ?? null);
        const responseBody = await bodyHead(res.body);
        return { statusCode: res.statusCode, retryAfter, durationMs: elapsed(), error: null, responseBody };
      } catch (e) {
        return { statusCode: null, retryAfter: null, durationMs: elapsed(), error: describe(e, limit) };
      }
    },
    close: () => agent.close(),
  };
}
