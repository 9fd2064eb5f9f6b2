/**
 * Reading a provider's answer with a bound on its size: a body larger than the bound is not read
 * to the end (a runaway or hostile answer cannot fill the memory).
 */

/** A body read whole (`text`), or the fact it was larger than the bound (`tooLarge`). */
export type BoundedBody = { text: string; tooLarge: false } | { text: undefined; tooLarge: true };

/**
 * The body of `response` as UTF-8 text, unless it is (or says it is, in `Content-Length`) larger
 * than `maxBytes` (counted after any content decoding): then the stream is cancelled unread.
 */
export async function readBounded(response: Response, maxBytes: number): Promise<BoundedBody> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    return { text: undefined, tooLarge: true };
  }
  if (response.body === null) return { text: '', tooLarge: false };
  const reader = response.body.getReader();
  const decoder = new TextDecoder('utf-8');
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return { text: undefined, tooLarge: true };
    }
    text += decoder.decode(value, { stream: true });
  }
  return { text: text + decoder.decode(), tooLarge: false };
}
