/**
 * An upload written to a temporary file, for imports that read their file more than twice (the
 * checking pass of `skipInvalid` re-reads it once per refused row): memory stays flat, and the
 * file is removed when the import is done.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';

/** A spooled upload: opened from the start as often as needed, removed once. */
export interface SpooledUpload {
  open(): AsyncIterable<Uint8Array>;
  remove(): Promise<void>;
}

/**
 * Writes `chunks` to a file in a fresh temporary folder (errors of the stream, such as a 413,
 * propagate after the folder is removed).
 *
 * @example const file = await spool(upload.chunks); try { … file.open() … } finally { await file.remove(); }
 */
export async function spool(chunks: AsyncIterable<Uint8Array>): Promise<SpooledUpload> {
  const dir = await mkdtemp(join(tmpdir(), 'tj-upload-'));
  const path = join(dir, 'upload');
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    await pipeline(Readable.from(chunks), createWriteStream(path));
  } catch (e) {
    await remove();
    throw e;
  }
  return { open: () => createReadStream(path, { highWaterMark: 256 * 1024 }), remove };
}
