/** One file of `tj import`: streamed to `POST /api/imports` with a progress bar, its refusal in one line. */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ImportRecord } from '@tj/core';
import type { ImportCreateOptions, TjClient } from '@tj/client';
import type { Io } from '../context.js';
import { CliError, type ErrorLike, fieldErrorsOf, fileError } from '../errors.js';
import { detailInCliWords } from '../output/advice.js';
import { AS_WRITTEN, fieldErrorsInWords } from '../output/field-words.js';
import { usageOfOptions } from './import-options.js';
import { refusedMapping } from './mapping.js';
import { countLineBreaks, Progress } from './progress.js';

/** The options every file of one `tj import` is sent with (as the API reads them), and how to show progress. */
export interface ImportRequest {
  options: Omit<ImportCreateOptions, 'fileName' | 'onProgress' | 'contentType'>;
  /** The `--map` argument as given, for a refused mapping's message. */
  map?: string;
  remote: boolean;
  progress: boolean;
}

async function checkedSize(path: string): Promise<number> {
  const s = await stat(path).catch((e: unknown) => Promise.reject(fileError(e, path)));
  if (!s.isFile()) throw new CliError(`${path} is not a file`);
  return s.size;
}

/** The file's bytes as the API reads them, each piece fed to the bar: bytes, and rows by line breaks. */
async function* watched(body: AsyncIterable<Uint8Array>, bar: Progress): AsyncGenerator<Uint8Array> {
  let bytes = 0;
  let rows = 0;
  for await (const chunk of body) {
    bytes += chunk.length;
    rows += countLineBreaks(chunk);
    bar.update(bytes, rows);
    yield chunk;
  }
}

/** The API's error in words: validation errors name file, line, column and the raw value. */
function messageOf(e: unknown, fallback: string): string {
  const err = e as ErrorLike;
  const fields = fieldErrorsOf(err);
  if (fields) return fieldErrorsInWords(fields, AS_WRITTEN);
  return (err.problem && detailInCliWords(err.problem)) ?? fallback;
}

/**
 * Imports one file; a refusal becomes one line naming the file, saying nothing of it was imported
 * and, after earlier files of the same command, which of them were.
 */
export async function importOne(
  io: Io,
  client: TjClient,
  path: string,
  request: ImportRequest,
  imported: readonly string[],
): Promise<ImportRecord> {
  const name = basename(path);
  const refused = (message: string) => {
    const what =
      imported.length === 0
        ? 'nothing was imported'
        : `nothing of ${name} was imported; imported before it: ${imported.join(', ')}`;
    return new CliError(`${message.startsWith(name) ? message : `${name}: ${message}`} (${what})`);
  };
  let size: number;
  try {
    size = await checkedSize(path);
  } catch (e) {
    if (imported.length === 0 || !(e instanceof CliError)) throw e;
    throw refused(e.message);
  }
  const label = `${request.remote ? 'Uploading' : 'Importing'} ${name}`;
  const progress = new Progress(io.stderr, label, size, io.stderr.isTTY === true && request.progress);
  try {
    const { openFile } = await import('@tj/client/node');
    const file = await openFile(path);
    return await client.imports.create(watched(file.body, progress), { ...file.options, ...request.options });
  } catch (e) {
    usageOfOptions(e);
    if (request.map !== undefined) refusedMapping(e, request.map);
    throw refused(messageOf(e, e instanceof Error ? e.message : String(e)));
  } finally {
    progress.clear();
  }
}
