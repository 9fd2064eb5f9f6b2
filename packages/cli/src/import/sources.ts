import { createReadStream } from 'node:fs';
import type { ImportItem, NumberedLine } from '@tj/core';
import { countLineBreaks, type Progress } from './progress.js';
import { reverseLines } from './reverse-lines.js';

/** The two formats `tj import` reads. */
export type ImportFormat = 'trades' | 'fills';

const READ_CHUNK = 256 * 1024;

/** Reads a file forwards in chunks, reporting bytes and rows to the progress bar (per chunk, not per row). */
async function* forwardChunks(path: string, progress: Progress): AsyncGenerator<Uint8Array> {
  let bytes = 0;
  let rows = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: READ_CHUNK })) {
    const data = chunk as Buffer;
    bytes += data.length;
    rows += countLineBreaks(data);
    progress.update(bytes, rows);
    yield data;
  }
}

/** Reads a file's lines last to first, reporting progress every 1,000 lines. */
async function* backwardLines(path: string, progress: Progress): AsyncGenerator<NumberedLine> {
  let bytes = 0;
  let rows = 0;
  for await (const line of reverseLines(path, { chunkSize: READ_CHUNK })) {
    bytes += line.text.length + line.eol.length;
    if (++rows % 1000 === 0) progress.update(bytes, rows);
    yield line;
  }
}

/** Which format a header names: fills (datetime, symbol, side, …) or trades (instrument, direction, …). */
export function formatOfHeader(names: readonly string[], normalize: (name: string) => string): ImportFormat | undefined {
  const keys = new Set(names.map(normalize));
  if (keys.has('symbol') && keys.has('side')) return 'fills';
  if (keys.has('instrument') && keys.has('direction')) return 'trades';
  return undefined;
}

/** What an import reads: its items, and (fills) the order the file was written in. */
export interface ImportSource {
  items: AsyncIterable<ImportItem>;
  order?: 'oldest-first' | 'newest-first';
}

/**
 * Opens a file of either format as import items, streaming: a trades CSV row by row; a fills
 * CSV forwards, or backwards when it is newest-first, through FIFO matching.
 */
export async function openImportSource(path: string, format: ImportFormat, progress: Progress): Promise<ImportSource> {
  const core = await import('@tj/core');
  if (format === 'trades') return { items: core.readTradesCsv(forwardChunks(path, progress)) };
  const opened = await core.openFillsCsv({
    forward: () => forwardChunks(path, progress),
    backward: () => backwardLines(path, progress),
  });
  return { items: core.matchFills(opened.fills), order: opened.order };
}

/** Reads the header of a file (stopping there) to tell its format. */
export async function detectFormat(path: string): Promise<{ format: ImportFormat | undefined; names: string[] }> {
  const { readCsvHeader, looseColumnName } = await import('@tj/core');
  const header = await readCsvHeader(createReadStream(path, { highWaterMark: 64 * 1024 }));
  const names = header?.names ?? [];
  return { format: formatOfHeader(names, looseColumnName), names: [...names] };
}
