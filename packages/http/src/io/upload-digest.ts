/**
 * The digest of an upload, computed while the importer streams it: what tells a retry of the
 * same file (replayed under its Idempotency-Key) from another file sent with the same key.
 */
import { createHash } from 'node:crypto';
import type { Upload } from './upload.js';

/** An upload whose bytes are hashed as they pass. */
export interface DigestedUpload {
  /** The upload, its chunks hashed as the importer reads them. */
  upload: Upload;
  /**
   * The SHA-256 (hex) of the form fields sent with the file and of all its bytes: reads whatever
   * the importer left unread (bounded like any upload) before it answers.
   */
  digest(): Promise<string>;
}

/**
 * Wraps `upload` so that its bytes are hashed while they stream (the fields, sorted by name, first).
 *
 * @example const { upload, digest } = digested(await openUpload(req, name, limit)); … await digest()
 */
export function digested(upload: Upload): DigestedUpload {
  const hash = createHash('sha256');
  const fields = Object.keys(upload.fields)
    .sort()
    .map((name) => [name, upload.fields[name]]);
  hash.update(`${JSON.stringify(fields)}\n`);
  const source = upload.chunks[Symbol.asyncIterator]();
  let done = false;
  const pull = async (): Promise<Uint8Array | undefined> => {
    if (done) return undefined;
    const next = await source.next();
    if (next.done) {
      done = true;
      return undefined;
    }
    hash.update(next.value);
    return next.value;
  };
  // Not a for-await over `source`: an importer that stops early must not close it, so that the
  // digest can still read the rest.
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (let chunk = await pull(); chunk !== undefined; chunk = await pull()) yield chunk;
  }
  let result: Promise<string> | undefined;
  return {
    upload: { ...upload, chunks: chunks() },
    digest() {
      result ??= (async () => {
        while ((await pull()) !== undefined) {
          // Hashing the rest.
        }
        return hash.digest('hex');
      })();
      return result;
    },
  };
}
