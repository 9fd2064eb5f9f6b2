import type { ServerResponse } from 'node:http';

/** Sends `body` as JSON (or nothing, for 204) with `status` and extra headers. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> | undefined,
  contentType = 'application/json; charset=utf-8',
): void {
  res.statusCode = status;
  if (headers) for (const name in headers) res.setHeader(name, headers[name] as string);
  if (body === undefined || status === 204) {
    res.end();
    return;
  }
  const payload = JSON.stringify(body);
  res.setHeader('content-type', contentType);
  res.setHeader('content-length', Buffer.byteLength(payload));
  res.end(payload);
}

/** Sends a text body (an HTML document) with its content type, status and extra headers. */
export function sendText(
  res: ServerResponse,
  status: number,
  text: { contentType: string; body: string },
  headers: Record<string, string> | undefined,
): void {
  res.statusCode = status;
  if (headers) for (const name in headers) res.setHeader(name, headers[name] as string);
  res.setHeader('content-type', text.contentType);
  res.setHeader('content-length', Buffer.byteLength(text.body));
  res.end(text.body);
}
