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

function headersOf(source: Record<string, string | string[] | number | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
  }
  return headers;
}

/**
 * A `fetch` that answers from `handler` in this process, with no socket (the way fastify's
 * `inject` does): request bodies that are streams are read as the handler reads them, so an
 * upload's progress follows the import. Give it to the SDK as its `fetch` option.
 *
 * @example const client = createClient({ baseUrl: 'http://in-process', fetch: inProcessFetch(app.handler) });
 */
export function inProcessFetch(handler: RequestListener): typeof fetch {
  return async (input, init) => {
    init?.signal?.throwIfAborted();
    const body = init?.body ?? (input instanceof Request ? input.body : null);
    const request = new Request(input, { ...init, body: null, duplex: 'half' } as RequestInit);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const answer = await inject(handler as unknown as DispatchFunc, {
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      authority: url.host,
      headers,
      remoteAddress: '127.0.0.1',
      ...(body != null && { payload: await payloadOf(body) }),
    });
    const status = answer.statusCode;
    const empty = status === 204 || status === 205 || status === 304 || request.method === 'HEAD';
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status, headers: headersOf(answer.headers) });
  };
}
