import { TjApiError, type TjApiErrorCode } from './errors.js';
import type { ErrorCode, Problem } from './types.js';

/** Turns a non-2xx answer into a TjApiError carrying the problem body and the server's `code`. */
export async function readFailure(response: Response, method: string, url: string): Promise<TjApiError> {
  const problem = await readProblem(response);
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
  // The server's code as sent: typed as the codes this SDK knows (a newer server may add others).
  const code: TjApiErrorCode = (problem?.code as ErrorCode | undefined) ?? `http_${response.status}`;
  const detail = problem?.detail ?? problem?.title ?? response.statusText;
  return new TjApiError({
    status: response.status,
    code,
    message: `${method} ${url} → ${response.status} ${code}${detail ? `: ${detail}` : ''}`,
    method,
    url,
    problem,
    retryAfterSeconds: Number.isFinite(retryAfter) ? retryAfter : undefined,
  });
}

async function readProblem(response: Response): Promise<Problem | undefined> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object' && typeof (body as Problem).code === 'string') return body as Problem;
  } catch {
    // Not JSON (a proxy's HTML page, say): the status alone describes the failure.
  }
  return undefined;
}
