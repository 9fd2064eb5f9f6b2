/**
 * Node-only helpers of the SDK (`@tj/client/node`): a file on disk as an import body, streamed.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ImportCreateOptions } from './resources/imports.js';

/** A file opened for `client.imports.create`: its stream, and the options that name it. */
export interface FileUpload {
  /** The file's bytes, read as they are sent. */
  body: AsyncIterable<Uint8Array>;
  /** Size in bytes (for a progress bar's total). */
  size: number;
  /** `fileName` (the file's base name), to spread into the import options. */
  options: Pick<ImportCreateOptions, 'fileName'>;
}

/**
 * Opens a file on disk as an import body, streamed (never read whole into memory).
 *
 * @example const file = await openFile('fills.csv'); await client.imports.create(file.body, { ...file.options, onProgress });
 */
export async function openFile(path: string): Promise<FileUpload> {
  const { size } = await stat(path);
  return { body: createReadStream(path, { highWaterMark: 256 * 1024 }), size, options: { fileName: basename(path) } };
}
