/**
 * One GET with the rules every provider follows: a User-Agent, a timeout per attempt, a bound on
 * the answer's size, a few retries of what may pass (429, 500/502/503/504, no answer) honouring
 * the provider's `Retry-After` up to a cap, and every failure a `ProviderError` in plain words.
 * `fetch` and `sleep` are injectable, so tests run against a local server without waiting.
 */
import { readBounded } from './body.js';
import { kindOfStatus, ProviderError, type ProviderErrorKind } from './errors.js';
import { backoffMs, isRetryableStatus, retryAfterMs, safeDetail } from './retry.js';
import { PACKAGE_VERSION } from '../version.js';

/** The `fetch` a provider uses (`globalThis.fetch` unless given). */
export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;
/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** The `User-Agent` of every provider request unless a provider names its own. */
export const PROVIDER_USER_AGENT = `trading-journal/${PACKAGE_VERSION} (reference data)`;

/** The rules' defaults (2 retries, 20 s per attempt, 1 s first backoff, waits capped at 60 s, 8 MiB). */
export const PROVIDER_HTTP_DEFAULTS = {
  retries: 2,
  timeoutMs: 20_000,
  backoffMs: 1_000,
  maxWaitMs: 60_000,
  maxBytes: 8 * 1024 * 1024,
} as const;

/** How one provider talks HTTP; every field but `provider` has a default. */
export interface ProviderHttpOptions {
  /** The provider's short name, the prefix of its errors' messages (`ecb`). */
  provider: string;
  /** The `fetch` to use (default `globalThis.fetch`, looked up at each request). */
  fetch?: FetchLike;
  /** How to wait between attempts (default {@link abortableSleep}); tests record the waits. */
  sleep?: Sleep;
  /** The clock a `Retry-After` date is read against (ms since the epoch). */
  now?: () => number;
  /** Further attempts after the first, for retryable failures only. */
  retries?: number;
  /** The most one attempt (the request and reading its answer) may take. */
  timeoutMs?: number;
  /** The first wait when the provider names none; it doubles on each retry. */
  backoffMs?: number;
  /** The longest wait; a `Retry-After` longer than this ends the retries at once. */
  maxWaitMs?: number;
  /** The largest answer read (bytes, after decompression); a larger one is a `malformed` error. */
  maxBytes?: number;
  /** The `User-Agent` sent (default {@link PROVIDER_USER_AGENT}). */
  userAgent?: string;
}

/**
 * Options of a provider adapter (the ECB's, Databento's, Polygon's): where the service is, and
 * the shared HTTP rules it follows; all have defaults (the real service, {@link ProviderHttpOptions}).
 */
export interface ProviderOptions
  extends Pick<ProviderHttpOptions, 'fetch' | 'sleep' | 'now' | 'retries' | 'timeoutMs' | 'backoffMs' | 'maxWaitMs'> {
  /** The service's entry point (default the real one); tests point it at a local server. */
  baseUrl?: string;
}

/** One request's own options. */
export interface GetOptions {
  /** Headers to send besides the User-Agent (which the rules set). */
  headers?: Record<string, string>;
  /** The caller's cancellation: aborting it stops at once, with its reason, and is never retried. */
  signal?: AbortSignal;
  /** Takes a non-2xx answer as an answer (the ECB's 404 "No results found" is "no data", say). */
  accept?: (status: number, text: string) => boolean;
}

/** An answer the provider read (its status, headers and whole body). */
export interface ProviderAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** Requests it took (1 when the first was answered). */
  attempts: number;
}

/** A provider's HTTP client under the rules. */
export interface ProviderHttp {
  /** GET `url` under the rules: the answer, or a `ProviderError` once the retries are spent. */
  get(url: string | URL, options?: GetOptions): Promise<ProviderAnswer>;
}

interface Failure {
  kind: ProviderErrorKind;
  message: string;
  retryable: boolean;
  status?: number;
  retryAfterMs?: number;
}

/** `sleep` on a timer, cut short by `signal`. */
export const abortableSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

const STATUS_WORDS: Record<ProviderErrorKind, string> = {
  auth: 'the service refused access',
  'rate-limited': 'the service is limiting requests',
  unavailable: 'the service is unavailable',
  malformed: 'the answer could not be read',
  'not-found': 'the service has no such resource',
  'bad-request': 'the service refused the request',
};

const seconds = (ms: number) => `${Math.ceil(ms / 1000)} s`;
const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB` : `${Math.round((bytes / 1024) * 10) / 10} KiB`;

/**
 * A provider's HTTP client, whose GETs follow the rules above.
 *
 * @example const http = providerHttp({ provider: 'ecb' }); const { text } = await http.get(url);
 */
export function providerHttp(options: ProviderHttpOptions): ProviderHttp {
  const fetchFn: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const sleep = options.sleep ?? abortableSleep;
  const now = options.now ?? Date.now;
  const retries = Math.max(0, options.retries ?? PROVIDER_HTTP_DEFAULTS.retries);
  const timeoutMs = options.timeoutMs ?? PROVIDER_HTTP_DEFAULTS.timeoutMs;
  const base = options.backoffMs ?? PROVIDER_HTTP_DEFAULTS.backoffMs;
  const maxWait = options.maxWaitMs ?? PROVIDER_HTTP_DEFAULTS.maxWaitMs;
  const maxBytes = options.maxBytes ?? PROVIDER_HTTP_DEFAULTS.maxBytes;
  const userAgent = options.userAgent ?? PROVIDER_USER_AGENT;

  async function once(url: string | URL, get: GetOptions): Promise<Omit<ProviderAnswer, 'attempts'> | Failure> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = get.signal === undefined ? timeout : AbortSignal.any([get.signal, timeout]);
    try {
      const response = await fetchFn(url, { method: 'GET', headers: { ...get.headers, 'user-agent': userAgent }, signal });
      const { status, headers } = response;
      const body = await readBounded(response, maxBytes);
      if (body.tooLarge) {
        return { kind: 'malformed', message: `the answer is larger than ${size(maxBytes)}`, retryable: false, status };
      }
      if (response.ok || get.accept?.(status, body.text)) return { status, headers, text: body.text };
      const kind = kindOfStatus(status);
      const detail = safeDetail(body.text);
      const failure: Failure = {
        kind,
        message: `${STATUS_WORDS[kind]} (HTTP ${status})${detail === undefined ? '' : `: ${detail}`}`,
        retryable: isRetryableStatus(status),
        status,
      };
      const wait = retryAfterMs(headers.get('retry-after'), now());
      if (wait !== undefined) failure.retryAfterMs = wait;
      return failure;
    } catch (error) {
      // The caller's own cancellation is not the provider's failure: stop, with its reason.
      if (get.signal?.aborted) throw get.signal.reason;
      if (timeout.aborted) return { kind: 'unavailable', message: `no answer within ${seconds(timeoutMs)}`, retryable: true };
      const code = (error as { cause?: { code?: unknown } }).cause?.code;
      const why = typeof code === 'string' && /^[A-Z_]+$/.test(code) ? ` (${code})` : '';
      return { kind: 'unavailable', message: `could not reach the service${why}`, retryable: true };
    }
  }

  return {
    async get(url, get = {}) {
      for (let attempt = 1; ; attempt++) {
        const outcome = await once(url, get);
        if (!('kind' in outcome)) return { ...outcome, attempts: attempt };
        const wait = outcome.retryAfterMs ?? backoffMs(attempt, base, maxWait);
        const tooLong = wait > maxWait;
        if (!outcome.retryable || attempt > retries || tooLong) {
          let message = outcome.message;
          if (outcome.retryAfterMs !== undefined) message += `; it asks to wait ${seconds(outcome.retryAfterMs)}`;
          if (tooLong && outcome.retryable) message += `, longer than the ${seconds(maxWait)} we wait`;
          if (attempt > 1) message += ` (gave up after ${attempt} attempts)`;
          throw new ProviderError(options.provider, outcome.kind, message, {
            ...(outcome.status === undefined ? {} : { status: outcome.status }),
            ...(outcome.retryAfterMs === undefined ? {} : { retryAfterMs: outcome.retryAfterMs }),
            attempts: attempt,
          });
        }
        await sleep(wait, get.signal);
      }
    },
  };
}
