/**
 * CSV records of broker files, read with csv-parse (quoting, BOM, any line break, ragged rows),
 * in batches with the physical line where each record starts. No I/O: it takes chunks.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { CsvChunks } from '../csv-reader.js';
import type { CsvLine, FileHead } from './types.js';

const BATCH = 2000;
const HEAD_RECORDS = 50;
const HEAD_BYTES = 64 * 1024;

/** Line breaks inside a parsed record's cells (quoted multi-line cells), to find where it started. */
function innerBreaks(cells: readonly string[]): number {
  let n = 0;
  for (const cell of cells) {
    if (cell.length < 2) continue;
    for (let i = cell.indexOf('\n'); i !== -1; i = cell.indexOf('\n', i + 1)) n++;
    for (let i = cell.indexOf('\r'); i !== -1; i = cell.indexOf('\r', i + 1)) if (cell[i + 1] !== '\n') n++;
  }
  return n;
}

/**
 * Streams the records of a CSV file in batches, each with the line it starts on. Blank lines
 * are skipped; ragged rows and trailing delimiters are kept as written (cells are not trimmed).
 */
export async function* readCsvRecords(chunks: CsvChunks, delimiter = ','): AsyncGenerator<CsvLine[]> {
  const parser = Readable.from(chunks as AsyncIterable<string | Uint8Array>).pipe(
    parse({
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      skip_empty_lines: true,
      info: true,
    }),
  );
  let batch: CsvLine[] = [];
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    if (record.length === 1 && (record[0] as string).trim() === '') continue;
    batch.push({ line: info.lines - innerBreaks(record), cells: record });
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** The delimiter of a CSV text: the candidate that splits its first lines most consistently. */
export function sniffDelimiter(text: string): string {
  const lines = text
    .replace(/^\ufeff/, '')
    .split(/\r\n|\n|\r/)
    .filter((l) => l.trim() !== '')
    .slice(0, 20);
  let best = ',';
  let bestScore = 0;
  for (const d of [',', ';', '\t', '|']) {
    const counts = lines.map((l) => l.split(d).length - 1).filter((c) => c > 0);
    if (counts.length === 0) continue;
    const score = counts.length * 10 + Math.min(...counts);
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

/** Reads the head of a file (first ~64 KiB, first records) for detection; stops reading early. */
export async function readFileHead(chunks: CsvChunks): Promise<FileHead> {
  const decoder = new TextDecoder('utf-8');
  let text = '';
  for await (const chunk of chunks) {
    text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (text.length >= HEAD_BYTES) break;
  }
  text = text.slice(0, HEAD_BYTES).replace(/^\ufeff/, '');
  const delimiter = sniffDelimiter(text);
  const lastBreak = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
  const complete = text.length < HEAD_BYTES || lastBreak === -1 ? text : text.slice(0, lastBreak + 1);
  const records: CsvLine[] = [];
  try {
    for await (const batch of readCsvRecords([complete], delimiter)) {
      records.push(...batch.slice(0, HEAD_RECORDS - records.length));
      if (records.length >= HEAD_RECORDS) break;
    }
  } catch {
    // Not CSV (XML, binary): formats look at the text.
  }
  return { records, text, delimiter };
}

/** A record's cells by header name: trimmed names, matched ignoring case and blanks. */
export interface HeaderRow {
  line: number;
  /** The cell under `name` (trimmed), or '' when the column is absent or the row is short. */
  get(name: string): string;
  /** True when the header has the column. */
  has(name: string): boolean;
}

/** Normalises a column name for matching: lower case, no blanks, `_`, `-`, `.` or `/`. */
export function columnKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_\-./]/g, '');
}

/** Index of a header's columns by {@link columnKey}; the first of duplicate names wins. */
export function headerIndex(cells: readonly string[]): Map<string, number> {
  const index = new Map<string, number>();
  cells.forEach((c, i) => {
    const key = columnKey(c);
    if (key !== '' && !index.has(key)) index.set(key, i);
  });
  return index;
}

/** A row's view through a header index. */
export function headerRow(index: Map<string, number>, record: CsvLine): HeaderRow {
  return {
    line: record.line,
    get: (name) => {
      const i = index.get(columnKey(name));
      return i === undefined ? '' : (record.cells[i] ?? '').trim();
    },
    has: (name) => index.has(columnKey(name)),
  };
}

/** How many of `names` a header has (for detection scores). */
export function headerScore(cells: readonly string[], names: readonly string[]): number {
  const index = headerIndex(cells);
  return names.filter((n) => index.has(columnKey(n))).length / names.length;
}
