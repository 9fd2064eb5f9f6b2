import { MAX_RESPONSE_BODY_BYTES, type SendResult, type WebhookSender } from '@tj/core';
import { hostOf, isLocalhostName, isPrivateAddress, parseIpAddress } from '@tj/core/internal';
import type { Readable } from 'node:stream';
import { Agent } from 'undici';
import { deadlineQueues } from './deadlines.js';
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
 * for the delivery log; a body that breaks off keeps what arrived. Past the limit the rest of the
 * body is destroyed (and its connection).
 */
function bodyHead(body: Readable): Promise<Buffer> {
  return new Promise((resolve) => {
    const kept: Buffer[] = [];
    let seen = 0;
    // The answer's status already counts; a body cut short (an error, the deadline) keeps what arrived.
    // The error listener stays: destroying the body early still emits one.
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      body.off('data', onData).off('end', finish).off('close', finish);
      resolve(kept.length === 0 ? EMPTY : Buffer.concat(kept));
    };
    function onData(chunk: Buffer) {
      if (seen < MAX_RESPONSE_BODY_BYTES) kept.push(chunk.subarray(0, MAX_RESPONSE_BODY_BYTES - seen));
      seen += chunk.length;
      if (seen >= BODY_LIMIT) {
        finish();
        body.destroy();
      }
    }
    body.on('data', onData).on('end', finish).on('error', finish).on('close', finish);
  });
}

const EMPTY = Buffer.alloc(0);

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

/** Where a webhook URL's requests go, or why none may. */
interface Target {
  origin: string;
  path: string;
  refused: string | null;
}

/** Most URLs a sender keeps parsed (a worker sends to the same few webhooks over and over). */
const MAX_TARGETS = 1000;

/** Webhook URLs parsed and checked once each, then looked up on every send. */
function targetCache(allowPrivate: boolean) {
  const targets = new Map<string, Target>();
  function parse(url: string): Target {
    const parsed = URL.canParse(url) ? new URL(url) : null;
    if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
      return { origin: '', path: '', refused: 'invalid URL' };
    return {
      origin: parsed.origin,
      path: `${parsed.pathname}${parsed.search}`,
      refused: allowPrivate ? null : literalRefusal(url),
    };
  }
  return {
    of(url: string): Target {
      let target = targets.get(url);
      if (target === undefined) {
        if (targets.size >= MAX_TARGETS) targets.clear();
        target = parse(url);
        targets.set(url, target);
      }
      return target;
    },
  };
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
  const deadlines = deadlineQueues();
  const targets = targetCache(allowPrivate);
  return {
    async send({ url, headers, body, timeoutMs }): Promise<SendResult> {
      const limit = timeoutMs > 0 ? timeoutMs : defaultTimeout;
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const target = targets.of(url);
      if (target.refused !== null) return { statusCode: null, retryAfter: null, durationMs: 0, error: target.refused };
      const deadline = deadlines.start(limit);
      try {
        const res = await agent.request({
          origin: target.origin,
          path: target.path,
          method: 'POST',
          headers,
          body,
          signal: deadline.signal,
          headersTimeout: limit,
          bodyTimeout: limit,
        });
        const header = res.headers['retry-after'];
        const retryAfter = Array.isArray(header) ? (header[0] ?? null) : (header ?? null);
        const responseBody = await bodyHead(res.body);
        return { statusCode: res.statusCode, retryAfter, durationMs: elapsed(), error: null, responseBody };
      } catch (e) {
        return { statusCode: null, retryAfter: null, durationMs: elapsed(), error: describe(e, limit) };
      } finally {
        deadline.done();
      }
    },
    close: () => {
      deadlines.clear();
      return agent.close();
    },
  };
}
