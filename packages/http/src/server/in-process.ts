import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import inject, { type DispatchFunc } from 'light-my-request';

/** A node:http request listener (an app's `handler`). */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** A request body as light-my-request takes it: text, bytes, or a Node stream read as the handler asks. */
async function payloadOf(body: BodyInit): Promise<string | Buffer | Readable> {
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ReadableStream) return Readable.fromWeb(body as WebReadableStream<Uint8Array>);
  return Buffer.from(await new Response(body).arrayBuffer());
}

/** Request headers as a plain object with lower-case names. */
function headersOf(init: HeadersInit | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (init === undefined) return headers;
  const entries = (Array.isArray(init) || Symbol.iterator in init ? init : Object.entries(init)) as Iterable<[string, string]>;
  for (const [name, value] of entries) headers[name.toLowerCase()] = value;
  return headers;
}

/**
 * The answer as the parts of a `Response` a client reads: status, `ok`, headers (`get`, `has`,
 * `forEach`), and the body as text, JSON, bytes or a stream. Not the global `Response` class: the
 * first use of it loads Node's fetch (some 40 ms), which a command on a local database never needs.
 */
function answerOf(status: number, statusText: string, raw: Record<string, unknown>, payload: Buffer | null): Response {
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
  }
  const bytes = payload ?? Buffer.alloc(0);
  const text = async () => bytes.toString('utf8');
  return {
    status,
    statusText,
    ok: status >= 200 && status < 300,
    redirected: false,
    type: 'basic',
    url: '',
    headers: {
      get: (name: string) => headers.get(name.toLowerCase()) ?? null,
      has: (name: string) => headers.has(name.toLowerCase()),
      forEach: (fn: (value: string, name: string) => void) => headers.forEach(fn),
    },
    get body() {
      return payload === null ? null : Readable.toWeb(Readable.from([bytes]));
    },
    text,
    json: async () => JSON.parse(await text()),
    arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  } as unknown as Response;
}

/**
 * A `fetch` that answers from `handler` in this process, with no socket (the way fastify's
 * `inject` does): a stream request body is read as the handler reads it, so an upload's progress
 * follows the import. It takes what a client sends (a URL string or `URL`, and `init`: method,
 * headers, body, signal; not a `Request`) and answers the parts of a `Response` a client reads. Give it to the SDK
 * as its `fetch` option.
 *
 * @example const client = createClient({ baseUrl: 'http://in-process', fetch: inProcessFetch(app.handler) });
 */
export function inProcessFetch(handler: RequestListener): typeof fetch {
  return async (input, init) => {
    init?.signal?.throwIfAborted();
    if (typeof input !== 'string' && !(input instanceof URL)) {
      throw new TypeError('inProcessFetch takes a URL and init, not a Request');
    }
    const url = new URL(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = init?.body;
    const answer = await inject(handler as unknown as DispatchFunc, {
      method: method as 'GET',
      url: `${url.pathname}${url.search}`,
      authority: url.host,
      headers: headersOf(init?.headers),
      remoteAddress: '127.0.0.1',
      ...(body != null && { payload: await payloadOf(body) }),
    });
    const status = answer.statusCode;
    const empty = status === 204 || status === 205 || status === 304 || method === 'HEAD';
    return answerOf(status, answer.statusMessage, answer.headers, empty ? null : answer.rawPayload);
  };
}
