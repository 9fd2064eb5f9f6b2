/**
 * The records a format reads (CSV records or XML elements), and `skipInvalid` for any format: a
 * reader that throws on a bad row cannot go on past it, so a checking pass reads the file through
 * the format and, each time the reader refuses a line, reads it again without that line, until a
 * pass completes. The import then reads the file without those lines and reports each one.
 */
import { CoreError, ErrorCode } from '../../shared/errors.js';
import { boundedBytes, estimateBytes, type InputLimits, limitError, type MemoryBudget } from '../../shared/input-limits.js';
import type { CsvChunks } from '../read/chunks.js';
import { readCsvRecords } from '../read/csv-records.js';
import type { BrokerFormat, CsvLine, FormatInput, ReadOptions, XmlElement } from '../formats/types.js';
import { readXmlElements } from '../read/xml-elements.js';

/** Most rows a checking pass skips (each costs reading the file again up to it) before the import fails. */
export const MAX_SKIPPED_LINES = 1000;

/** How many times `maxRecords` all the passes of a checking pass may read together. */
export const RE_READS = 4;

/** A skipped input record: its line, why, and the record as written. */
export interface SkippedRecord {
  line: number;
  message: string;
  raw: string;
}

/** The lines (or, for XML, the n-th elements of a line) a reader refused, with its message. */
export class SkippedLines {
  private readonly lines = new Map<number, { message: string; only?: Set<number> | undefined }>();

  /** The message when the `occurrence`-th record starting on `line` is skipped. */
  messageOf(line: number, occurrence: number): string | undefined {
    const s = this.lines.get(line);
    return s === undefined || (s.only !== undefined && !s.only.has(occurrence)) ? undefined : s.message;
  }

  /** Skips the whole line, or only its `occurrence`-th record; false when it already was. */
  add(line: number, message: string, occurrence?: number): boolean {
    const s = this.lines.get(line);
    if (s === undefined) {
      this.lines.set(line, occurrence === undefined ? { message } : { message, only: new Set([occurrence]) });
      return true;
    }
    if (s.only === undefined) return false;
    if (occurrence === undefined) s.only = undefined;
    else if (s.only.has(occurrence)) return false;
    else s.only.add(occurrence);
    return true;
  }
}

/** What the reader has been given so far: the last record, and whether the input itself failed. */
interface Reached {
  line: number;
  occurrence: number;
  inputFailed: boolean;
}

/** Options of {@link formatInput}. */
export interface FormatInputOptions {
  /** Records to leave out, each reported to `onSkipped`. */
  skipped?: SkippedLines;
  onSkipped?: (row: SkippedRecord) => void;
  /** Called with the number of records read (skipped ones included), once per batch. */
  onRecords?: (n: number) => void;
  /** Updated as records are handed to the reader. */
  reached?: Reached;
  /** Bounds on the bytes, records and record length read (defaults: `DEFAULTS.inputLimits`). */
  limits?: InputLimits;
  /** Charged with each record handed to the reader, until the reader yields (see {@link ReaderHold}). */
  hold?: ReaderHold;
}

/**
 * What a format's reader is assumed to hold: the records handed to it since it last yielded (a
 * reader that must see the whole file before it yields holds them all; one that streams, a batch).
 */
export class ReaderHold {
  private held = 0;

  constructor(private readonly budget: MemoryBudget) {}

  /** A record handed to the reader. */
  charge(bytes: number): void {
    this.held += bytes;
    this.budget.charge(bytes);
  }

  /** The reader yielded: what it was handed is no longer held on its account. */
  release(): void {
    this.budget.release(this.held);
    this.held = 0;
  }
}

/** Estimated bytes of a CSV record as a reader keeps it (its cells as strings in an array). */
const csvRecordBytes = (r: CsvLine): number => estimateBytes(64 + 24 * r.cells.length, ...r.cells);

/** Estimated bytes of an XML element as a reader keeps it (name and attributes). */
function xmlElementBytes(e: XmlElement): number {
  let bytes = estimateBytes(96, e.name);
  for (const name in e.attributes) bytes += estimateBytes(48, name, e.attributes[name]);
  return bytes;
}

/** The input a format reads from a file opened by `open`: CSV records in batches, or XML elements. */
export function formatInput(
  format: BrokerFormat,
  open: () => CsvChunks,
  delimiter: string,
  o: FormatInputOptions = {},
): FormatInput {
  const limits = o.limits;
  const chunks = limits === undefined ? open() : boundedBytes(open(), limits.maxBytes);
  return format.input === 'xml'
    ? { kind: 'xml', elements: xmlElements(readXmlElements(chunks, limits ?? {}), o) }
    : {
        kind: 'csv',
        records: csvRecords(
          readCsvRecords(chunks, delimiter, limits === undefined ? {} : { maxRecordLength: limits.maxRecordLength }),
          delimiter,
          o,
        ),
      };
}

async function* csvRecords(
  source: AsyncIterable<CsvLine[]>,
  delimiter: string,
  o: FormatInputOptions,
): AsyncGenerator<CsvLine[]> {
  let records = 0;
  const max = o.limits?.maxRecords ?? Number.POSITIVE_INFINITY;
  try {
    for await (const batch of source) {
      records += batch.length;
      if (records > max) {
        const line = batch[batch.length - 1 - (records - max - 1)]?.line ?? 0;
        throw limitError('maxRecords', max, `line ${line}: more than ${max} CSV records`);
      }
      if (o.hold !== undefined) for (const r of batch) o.hold.charge(csvRecordBytes(r));
      o.onRecords?.(batch.length);
      const kept = o.skipped === undefined ? batch : batch.filter((r) => keep(r.line, 0, () => r.cells.join(delimiter), o));
      const last = kept.at(-1);
      if (last === undefined) continue;
      if (o.reached !== undefined) Object.assign(o.reached, { line: last.line, occurrence: 0 });
      yield kept;
    }
  } catch (e) {
    if (o.reached !== undefined) o.reached.inputFailed = true;
    throw e;
  }
}

async function* xmlElements(source: AsyncIterable<XmlElement>, o: FormatInputOptions): AsyncGenerator<XmlElement> {
  let line = 0;
  let occurrence = 0;
  try {
    for await (const element of source) {
      o.hold?.charge(xmlElementBytes(element));
      o.onRecords?.(1);
      occurrence = element.line === line ? occurrence + 1 : 0;
      line = element.line;
      if (o.skipped !== undefined && !keep(line, occurrence, () => xmlText(element), o)) continue;
      if (o.reached !== undefined) Object.assign(o.reached, { line, occurrence });
      yield element;
    }
  } catch (e) {
    if (o.reached !== undefined) o.reached.inputFailed = true;
    throw e;
  }
}

/** False (after reporting it) when the record is skipped. */
function keep(line: number, occurrence: number, raw: () => string, o: FormatInputOptions): boolean {
  const message = o.skipped?.messageOf(line, occurrence);
  if (message === undefined) return true;
  o.onSkipped?.({ line, message, raw: raw() });
  return false;
}

/** An element as written, near enough for a report: `<Trade symbol="AAPL" quantity="x">`. */
function xmlText(e: XmlElement): string {
  const attributes = Object.entries(e.attributes).map(([k, v]) => ` ${k}="${v.replaceAll('"', '&quot;')}"`);
  return `<${e.name}${attributes.join('')}>`;
}

/**
 * `open` for the passes of `skipInvalid`: a source that cannot be read again (an upload streamed
 * once for its head and once in full) fails with a message saying so, not as an internal error.
 */
export function rereading(open: () => CsvChunks, format: BrokerFormat): () => CsvChunks {
  return () => {
    try {
      return open();
    } catch (e) {
      if (e instanceof CoreError) throw e;
      throw new CoreError(
        ErrorCode.validationFailed,
        `skipping the invalid rows of a ${format.name} file reads it again, which this source does not allow (${e instanceof Error ? e.message : String(e)}): import it without skipping, or fix the rows`,
      );
    }
  };
}

/** The line a reader's validation error names (`line 12`, `line 12, column price`). */
function lineOf(e: unknown): number | undefined {
  if (!(e instanceof CoreError) || e.code !== ErrorCode.validationFailed) return undefined;
  const m = /^line (\d+)(?:,|$)/.exec(e.errors?.[0]?.path ?? '');
  return m === null ? undefined : Number(m[1]);
}

/**
 * The checking pass of `skipInvalid` for a format whose reader throws on a bad row: reads the
 * file through the format (nothing is kept but the lines refused), and each time the reader
 * throws a validation error naming a line it was given, reads again from the start without that
 * line, until a pass completes. Any other error (the file's structure, a missing header, a line
 * already left out) fails as it is; so does a file with more than `max` rows to skip.
 */
export async function findInvalidLines(
  format: BrokerFormat,
  open: () => CsvChunks,
  delimiter: string,
  options: ReadOptions,
  max = MAX_SKIPPED_LINES,
  bounds: Pick<FormatInputOptions, 'limits' | 'hold'> = {},
): Promise<SkippedLines> {
  const skipped = new SkippedLines();
  // Every pass reads again up to the row it refuses: all passes together read at most
  // RE_READS × maxRecords records, so that a file of many bad rows cannot make an endless read.
  const most = RE_READS * (bounds.limits?.maxRecords ?? Number.POSITIVE_INFINITY);
  let read = 0;
  const onRecords = (n: number) => {
    read += n;
    if (read > most) {
      throw limitError(
        'maxRecords',
        bounds.limits?.maxRecords ?? 0,
        `skipping the invalid rows read the file again once per bad row, more than ${RE_READS} times its record bound in all: fix the rows, or import without skipping`,
      );
    }
  };
  for (let pass = 0; ; pass++) {
    const reached: Reached = { line: 0, occurrence: 0, inputFailed: false };
    try {
      const input = formatInput(format, open, delimiter, { skipped, reached, onRecords, ...bounds });
      for await (const _ of format.read(input, options)) {
        // Only the lines it refuses matter here.
        bounds.hold?.release();
      }
      return skipped;
    } catch (e) {
      bounds.hold?.release();
      const line = lineOf(e);
      if (line === undefined || reached.inputFailed || line < 1 || line > reached.line) throw e;
      const message = (e as CoreError).message;
      if (pass >= max) {
        throw new CoreError(
          ErrorCode.validationFailed,
          `more than ${max} invalid rows to skip (each one costs reading the file again): is it a ${format.name} file? The last: ${message}`,
        );
      }
      // An XML line may hold several elements: the one given last is the one refused.
      const only = format.input === 'xml' && line === reached.line ? reached.occurrence : undefined;
      if (!skipped.add(line, message, only)) throw e;
    }
  }
}
