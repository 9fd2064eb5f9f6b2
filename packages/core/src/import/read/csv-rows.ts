import { parse } from 'csv-parse/sync';
import { lineError } from './cell-error.js';
import { type CsvHeader, type CsvRecord, type CsvRow, CsvRowMapper, headerFromRecord, isBlankRecord } from './csv-columns.js';
import type { CsvChunks } from './chunks.js';
import { DEFAULT_MAX_RECORD_LENGTH, readCsvRecords } from './csv-records.js';

/** A physical line of a file with its 1-based number, as a backward line reader yields it. */
export interface NumberedLine {
  line: number;
  /** The line without its line break. */
  text: string;
  /** Its line break as written (`\r\n`, `\n`, or '' at the end); taken as `\n` when absent. */
  eol?: string;
}

/** Options of {@link readCsv} and {@link readCsvReversed}. */
export interface CsvReadOptions {
  /** A known header: the input then has no header row (names alone mean line 0). */
  header?: CsvHeader | readonly string[];
  /** Column-name normalisation for the `fields` keys (default: trimmed, lower-cased). */
  normalizeName?: (name: string) => string;
  /** Called once with the header, before the first row; may throw to reject columns. */
  onHeader?: (header: CsvHeader) => void;
  /** Longest record accepted, in characters (default 1 MiB). */
  maxRecordLength?: number;
}

function toHeader(header: CsvHeader | readonly string[]): CsvHeader {
  if ('names' in header) return header;
  return headerFromRecord({ line: 0, cells: [...header] });
}

/**
 * Streams the rows of a CSV file with a header row, in batches (csv-parse, strict: a stray or
 * unterminated quote and invalid UTF-8 are errors naming the line): BOM stripped, CRLF, LF or
 * CR, quoted fields, blank lines skipped, trailing delimiters tolerated; row line numbers are
 * the physical lines where rows start.
 */
export async function* readCsvBatches(chunks: CsvChunks, options: CsvReadOptions = {}): AsyncGenerator<CsvRow[]> {
  let mapper: CsvRowMapper | undefined;
  const start = (header: CsvHeader): CsvRowMapper => {
    const m = new CsvRowMapper(header, options.normalizeName);
    options.onHeader?.(header);
    return m;
  };
  if (options.header !== undefined) mapper = start(toHeader(options.header));
  const max = options.maxRecordLength ?? DEFAULT_MAX_RECORD_LENGTH;
  for await (const records of readCsvRecords(chunks, ',', { strict: true, maxRecordLength: max })) {
    const rows: CsvRow[] = [];
    for (const record of records) {
      if (mapper === undefined) {
        if (!isBlankRecord(record.cells)) mapper = start(headerFromRecord(record));
        continue;
      }
      const row = mapper.map(record);
      if (row !== undefined) rows.push(row);
    }
    if (rows.length > 0) yield rows;
  }
}

/** Streams the rows of a CSV file with a header row, one at a time (see {@link readCsvBatches}). */
export async function* readCsv(chunks: CsvChunks, options: CsvReadOptions = {}): AsyncGenerator<CsvRow> {
  for await (const rows of readCsvBatches(chunks, options)) yield* rows;
}

/** Reads only the header row of a CSV file (stops reading there); undefined for an empty file. */
export async function readCsvHeader(chunks: CsvChunks): Promise<CsvHeader | undefined> {
  for await (const records of readCsvRecords(chunks, ',', { strict: true })) {
    for (const record of records) if (!isBlankRecord(record.cells)) return headerFromRecord(record);
  }
  return undefined;
}

function countQuotes(text: string): number {
  let n = 0;
  for (let i = text.indexOf('"'); i !== -1; i = text.indexOf('"', i + 1)) n++;
  return n;
}

/** Joins lines (in file order) with their own line breaks, the last one's left out. */
function joinLines(lines: NumberedLine[]): string {
  let out = '';
  lines.forEach((l, i) => {
    out += i === lines.length - 1 ? l.text : l.text + (l.eol ?? '\n');
  });
  return out;
}

/** The records of one complete piece of CSV text starting at `firstLine` (csv-parse, strict). */
function parsePiece(text: string, firstLine: number): CsvRecord[] {
  try {
    const parsed = parse(text, { relax_column_count: true }) as string[][];
    return parsed.map((cells) => ({ line: firstLine, cells }));
  } catch (e) {
    const line = firstLine - 1 + ((e as { lines?: number }).lines ?? 1);
    throw lineError(
      line,
      (e as { code?: string }).code === 'CSV_QUOTE_NOT_CLOSED' ? 'unterminated quoted field' : 'invalid quoting',
    );
  }
}

/**
 * Streams the rows of a CSV file read backwards: `lines` are its physical lines last to first
 * (as `reverseLines` in the CLI yields them) and `options.header` is its header, read beforehand
 * with {@link readCsvHeader}. Rows come out last to first; lines up to the header's are ignored.
 * A quoted field spanning lines is reassembled: a record ends where the quotes seen so far are
 * balanced; its line breaks are the lines' `eol` (LF when the reader gives none).
 */
export async function* readCsvReversed(
  lines: AsyncIterable<NumberedLine> | Iterable<NumberedLine>,
  options: CsvReadOptions & { header: CsvHeader | readonly string[] },
): AsyncGenerator<CsvRow> {
  const header = toHeader(options.header);
  const mapper = new CsvRowMapper(header, options.normalizeName);
  options.onHeader?.(header);
  const max = options.maxRecordLength ?? DEFAULT_MAX_RECORD_LENGTH;
  let pending: NumberedLine[] = [];
  let pendingLength = 0;
  let pendingLine = 0;
  let odd = false;
  for await (const numbered of lines) {
    const { line, text } = numbered;
    if (line <= header.line) break;
    if (countQuotes(text) % 2 === 1) odd = !odd;
    pending.push(numbered);
    pendingLength += text.length + 1;
    if (pendingLine === 0) pendingLine = line;
    if (odd) {
      if (pendingLength > max) throw lineError(pendingLine, `record longer than ${max} characters (an unterminated quote?)`);
      continue;
    }
    const piece = pending.length === 1 ? text : joinLines(pending.reverse());
    pending = [];
    pendingLength = 0;
    pendingLine = 0;
    if (piece.trim() === '') continue;
    for (const record of parsePiece(piece, line).reverse()) {
      const row = mapper.map(record);
      if (row !== undefined) yield row;
    }
  }
  if (odd) throw lineError(pendingLine, 'unterminated quoted field');
}
