/**
 * CSV records of broker files, read with csv-parse (quoting, BOM, any line break, ragged rows),
 * in batches with the physical line where each record starts. No I/O: it takes chunks.
 */
import { CsvError, parse } from 'csv-parse';
import { limitError } from '../../shared/input-limits.js';
import { cellError, lineError } from './cell-error.js';
import type { CsvChunks } from './chunks.js';

/** One CSV record: its cells as written and the physical line where it starts. */
export interface CsvLine {
  line: number;
  cells: string[];
}

/** The first lines of a file, for detection. */
export interface FileHead {
  /** Up to ~50 first records, parsed with the file's sniffed delimiter (BOM stripped). */
  records: CsvLine[];
  /** The raw text of the first ~64 KiB, for formats that are not CSV (XML) or need to look. */
  text: string;
  /** The delimiter the sniffer chose (`,`, `;`, `\t`). */
  delimiter: string;
}

/** Default bound on one record's size, in characters: keeps memory bounded on an unterminated quote. */
export const DEFAULT_MAX_RECORD_LENGTH = 1_048_576;

/** Options of {@link readCsvRecords} beyond the delimiter. */
export interface CsvRecordsOptions {
  /**
   * Strict CSV (our own files): a stray quote, an unterminated quoted field or invalid UTF-8 is
   * an error naming the line. Broker files are read leniently (quotes inside fields kept).
   */
  strict?: boolean;
  /** Longest record accepted, in characters (default 1 MiB). */
  maxRecordLength?: number;
  /** Names a 0-based column in strict-mode errors (default: the first record's cell, else its 1-based number). */
  columnLabel?: (index: number) => string;
}

/** A csv-parse error as our validation error naming the line. */
function csvProblem(e: CsvError, max: number, label: (index: number) => string): Error {
  const { lines, column } = e as CsvError & { lines?: number; column?: number | string };
  const line = lines ?? 0;
  const at = (message: string) =>
    typeof column === 'number' ? cellError(line, label(column), message) : lineError(line, message);
  switch (e.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return at('unterminated quoted field');
    case 'CSV_MAX_RECORD_SIZE':
      return limitError('maxRecordLength', max, `line ${line}: a record longer than ${max} characters (an unterminated quote?)`);
    case 'CSV_INVALID_CLOSING_QUOTE':
      return at('unexpected character after a closing quote');
    case 'INVALID_OPENING_QUOTE':
      return at('a quote inside an unquoted field: quote the whole field and double the quote ("")');
    default:
      return lineError(line, e.message);
  }
}

const BATCH = 2000;
const HEAD_RECORDS = 50;
const HEAD_BYTES = 64 * 1024;

/** Line breaks inside a parsed record's cells (quoted multi-line cells; CRLF counts once). */
function innerBreaks(cells: readonly string[]): number {
  let breaks = 0;
  for (const cell of cells) {
    if (cell.length < 2) continue;
    for (let i = cell.indexOf('\n'); i !== -1; i = cell.indexOf('\n', i + 1)) breaks++;
    for (let i = cell.indexOf('\r'); i !== -1; i = cell.indexOf('\r', i + 1)) if (cell[i + 1] !== '\n') breaks++;
  }
  return breaks;
}

/**
 * Streams the records of a CSV file in batches, each with the line it starts on. Blank lines
 * are skipped; ragged rows and trailing delimiters are kept as written (cells are not trimmed).
 * The parser is fed chunk by chunk and its records read synchronously after each chunk; lines
 * are counted here (each record spans one line plus the breaks inside its cells), because
 * csv-parse's per-record info objects cost it most of its speed.
 */
export async function* readCsvRecords(
  chunks: CsvChunks,
  delimiter = ',',
  options: CsvRecordsOptions = {},
): AsyncGenerator<CsvLine[]> {
  const strict = options.strict === true;
  const max = options.maxRecordLength ?? DEFAULT_MAX_RECORD_LENGTH;
  let batch: CsvLine[] = [];
  let nextLine = 1;
  let first: string[] | undefined;
  let failure: Error | undefined;
  let parseError: unknown;
  const parser = parse({
    bom: true,
    delimiter,
    relax_column_count: true,
    relax_quotes: !strict,
    record_delimiter: ['\r\n', '\n', '\r'],
    max_record_size: max,
  });
  parser.on('error', (e: unknown) => {
    parseError ??= e;
  });
  const take = (): void => {
    for (let record = parser.read() as string[] | null; record !== null; record = parser.read() as string[] | null) {
      const line = nextLine;
      nextLine += 1 + innerBreaks(record);
      if (record.length === 1 && (record[0] as string).trim() === '') continue;
      first ??= record;
      if (strict && failure === undefined && record.some((c) => c.includes('\uFFFD'))) {
        failure = lineError(line, 'the file is not valid UTF-8');
      }
      batch.push({ line, cells: record });
    }
  };
  const settled = (): Error | undefined => {
    if (failure !== undefined) return failure;
    if (parseError === undefined) return undefined;
    const label = options.columnLabel ?? ((i: number) => first?.[i]?.trim() || String(i + 1));
    return parseError instanceof CsvError ? csvProblem(parseError, max, label) : (parseError as Error);
  };
  for await (const chunk of chunks) {
    parser.write(chunk);
    take();
    if (settled() !== undefined) break;
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (settled() === undefined) {
    const done = new Promise<void>((resolve) => {
      parser.once('finish', resolve);
      parser.once('error', () => resolve());
    });
    parser.end();
    await done;
    take();
  }
  parser.destroy();
  const error = settled();
  if (error !== undefined) throw error;
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
  return { records: await headRecords(complete, delimiter), text, delimiter };
}

/**
 * The first records of a file's head; when a later record is broken (an unterminated quote, a
 * record past the length bound), those before it, so the file is still detected (and then read,
 * to fail on that record with its own message).
 */
async function headRecords(text: string, delimiter: string): Promise<CsvLine[]> {
  const records: CsvLine[] = [];
  try {
    for await (const batch of readCsvRecords([text], delimiter)) {
      records.push(...batch.slice(0, HEAD_RECORDS - records.length));
      if (records.length >= HEAD_RECORDS) break;
    }
    return records;
  } catch (e) {
    // Not CSV (XML, binary): formats look at the text; else the lines before the broken record.
    const line = Number(/^line (\d+)/.exec((e as Error).message)?.[1] ?? 0);
    if (line <= 1) return [];
    const before = text.split(/\r\n|\n|\r/, line - 1).join('\n');
    return headRecords(`${before}\n`, delimiter);
  }
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
