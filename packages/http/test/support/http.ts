/** A small fetch wrapper for HTTP tests: JSON in, status, headers and parsed body out. */
export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** Options of one request. */
export interface Call {
  headers?: Record<string, string>;
  /** Sent as JSON (with `content-type: application/json`) unless `raw` is given. */
  json?: unknown;
  raw?: string;
}

/**
 * Sends one request and reads the whole answer.
 *
 * @example const r = await call(url, 'GET', '/api/trades', { headers: alice.auth });
 */
export async function call<T = any>(base: string, method: string, path: string, options: Call = {}): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(base + path, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {}
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

/** A valid trade body. */
export function tradeBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    instrument: 'ES',
    direction: 'long',
    entryPrice: 5000,
    positionSize: 2,
    stopLoss: 4990,
    takeProfit: 5030,
    entryTime: '2026-01-05T14:30:00Z',
    setupType: 'breakout',
    notes: 'first trade',
    ...overrides,
  };
}
