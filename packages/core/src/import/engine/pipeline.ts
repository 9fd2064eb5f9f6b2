/**
 * From a broker file to import items: detect (or take) the format, read its records, turn wall
 * times into instants in the source zone, resolve instruments, then FIFO-match fills into trades.
 */
import { type Advice, CoreError, ErrorCode } from '../../shared/errors.js';
import type { InputLimits, MemoryBudget } from '../../shared/input-limits.js';
import { lineError } from '../read/cell-error.js';
import type { CsvChunks } from '../read/chunks.js';
import type { Fill } from '../formats/own/fills-csv.js';
import { fillBytes, matchFills } from './match-fills.js';
import type { ImportItem } from '../formats/trade-input.js';
import { isPassThrough, type StreamItem } from './stream.js';
import { type CorporateActionItem, corporateActionItem } from '../formats/corporate-action-record.js';
import { readFileHead } from '../read/csv-records.js';
import { findInvalidLines, formatInput, ReaderHold, rereading, type SkippedRecord } from './invalid-rows.js';
import type { FormatRegistry } from '../formats/registry.js';
import type { BrokerFill, BrokerFormat, FormatInput, ReadOptions } from '../formats/types.js';
import { givenAccount, withGivenAccount } from './given-account.js';
import { LineSet } from './line-set.js';
import { addWarning, type BrokerFileReport } from './file-report.js';
import { instantOf, toFill } from './to-fill.js';

export { type BrokerFileReport, MAX_FILE_WARNINGS } from './file-report.js';

/** Options of {@link openBrokerFile}. */
export interface BrokerFileOptions {
  registry: FormatRegistry;
  /** A format name; detected from the file's head when absent. */
  format?: string;
  /** IANA zone that naive (wall-clock) times are read in. */
  sourceTz: string;
  /** The account of a file without one: every fill, trade and corporate action takes it (see {@link givenAccount}). */
  account?: string;
  /** Number locale hint for formats with variants. */
  locale?: 'us' | 'eu';
  /** Units per lot by symbol, for formats that count in lots (see {@link ReadOptions.lotSizes}). */
  lotSizes?: Readonly<Record<string, number>>;
  /** Point values by futures root (`{ ES: 50 }`): override the catalogue and the file. */
  pointValues?: Readonly<Record<string, number>>;
  /** Called with the records (CSV records or XML elements) read so far, once per batch. */
  onRows?: (rows: number) => void;
  /**
   * Skip rows whose values are invalid, reporting each here, instead of failing the import. Rows
   * a format's reader refuses are found by a checking pass that reads the file again per bad row
   * (see {@link findInvalidLines}); our own CSVs skip theirs as they read.
   */
  onInvalid?: (row: SkippedRecord) => void;
  /** Most rows the checking pass of `onInvalid` skips before the import fails (default `MAX_SKIPPED_LINES`, 1000). */
  maxSkippedRows?: number;
  /** Bounds on the bytes, records, record length and nesting read (see `InputLimits`); none when absent. */
  limits?: InputLimits;
  /** The import's memory budget: what readers, sorting and matching hold is charged to it. */
  budget?: MemoryBudget;
}

/** What a person can do about a file no format recognises (each client words it: parameters, flags). */
const UNKNOWN_FORMAT_ADVICE: readonly Advice[] = [
  { action: 'see the formats', operation: 'listImportFormats' },
  { action: 'force one', parameter: 'format', value: 'NAME' },
  { action: 'map the columns', parameter: 'map' },
];

/** A broker file opened for import. */
export interface OpenedBrokerFile {
  report: BrokerFileReport;
  /** The trades to import, streaming (FIFO-matched `fills`: read one or the other, not both). */
  items: AsyncIterable<ImportItem | CorporateActionItem>;
  /** The fills in time order per (account, symbol), and the trades a file states whole, before matching. */
  fills: AsyncIterable<StreamItem>;
}

/**
 * Opens a broker file for import. `open` returns the file's chunks from the start each time it
 * is called (it is called once for the head, once for the whole file, and with `onInvalid` once
 * more per pass of the checking pass of a format whose reader throws on a bad row).
 *
 * @example const file = await openBrokerFile(() => fs.createReadStream(path), { registry, sourceTz: 'America/New_York' });
 */
export async function openBrokerFile(open: () => CsvChunks, options: BrokerFileOptions): Promise<OpenedBrokerFile> {
  const head = await readFileHead(open());
  if (head.text.trim() === '') throw new CoreError(ErrorCode.validationFailed, 'the file is empty: there is nothing to import');
  let format: BrokerFormat;
  if (options.format !== undefined) {
    format = options.registry.get(options.format);
  } else {
    const found = options.registry.detect(head);
    if (!found.ok) {
      const closest = found.closest
        ? `; the closest is ${found.closest.name} (${found.closest.broker} ${found.closest.title})${found.missing.length > 0 ? `, which needs the columns ${found.missing.join(', ')}` : ''}`
        : '';
      throw new CoreError(ErrorCode.validationFailed, `not a format tj knows (${found.reason})${closest}`, undefined, undefined, {
        advice: UNKNOWN_FORMAT_ADVICE,
      });
    }
    format = found.format;
  }
  const report: BrokerFileReport = {
    format,
    sourceTz: options.sourceTz,
    fills: 0,
    rows: 0,
    records: 0,
    feesStated: 0,
    wallClockTimes: 0,
    warnings: [],
    moreWarnings: 0,
  };
  const readOptions: ReadOptions = {
    delimiter: head.delimiter,
    sourceTz: options.sourceTz,
    ...(options.locale !== undefined && { locale: options.locale }),
    ...(options.lotSizes !== undefined && { lotSizes: options.lotSizes }),
    ...(options.onInvalid !== undefined && format.readsInvalidRows === true && { skipInvalid: true }),
  };
  // A reader that cannot skip a bad row itself: find the rows it refuses first, then leave them out.
  const checked = options.onInvalid !== undefined && format.readsInvalidRows !== true;
  const reopen = checked ? rereading(open, format) : open;
  const hold = options.budget === undefined ? undefined : new ReaderHold(options.budget);
  const bounds = { ...(options.limits !== undefined && { limits: options.limits }), ...(hold !== undefined && { hold }) };
  const skipped = checked
    ? await findInvalidLines(format, reopen, head.delimiter, readOptions, options.maxSkippedRows, bounds)
    : undefined;
  const input = formatInput(format, reopen, head.delimiter, {
    ...bounds,
    onRecords: (n) => {
      report.records += n;
      options.onRows?.(report.records);
    },
    ...(skipped !== undefined && options.onInvalid !== undefined && { skipped, onSkipped: options.onInvalid }),
  });
  const fills = toFills(format, input, readOptions, options, report, hold);
  const order = typeof format.order === 'function' ? format.order(head) : (format.order ?? 'chronological');
  const ordered = order === 'chronological' ? fills : sortFills(fills, order === 'newest-first', options.budget);
  return { report, fills: ordered, items: matchFills(ordered, { budget: options.budget }) };
}

/** A fill's values as read, for a skipped-row report. */
function rawOf(f: BrokerFill): string {
  return [f.symbol, f.side, f.quantity, f.price].join(' ');
}

async function* toFills(
  format: BrokerFormat,
  input: FormatInput,
  readOptions: ReadOptions,
  options: BrokerFileOptions,
  report: BrokerFileReport,
  hold: ReaderHold | undefined,
): AsyncGenerator<StreamItem> {
  // A data row is counted once, however many records it gives and in whatever order they come.
  const lines = new LineSet();
  const counted = (line: number) => {
    if (lines.add(line)) report.rows++;
  };
  for await (const batch of format.read(input, readOptions)) {
    hold?.release();
    for (const record of batch) {
      if (record.kind === 'warning') {
        const { kind: _, ...warning } = record;
        addWarning(report, warning);
        continue;
      }
      if (record.kind === 'trade') {
        const { line, id } = record;
        const { importKey, input } = withGivenAccount(record, options.account);
        counted(line);
        if (record.wallClock !== false) report.wallClockTimes++;
        yield id === undefined ? { line, importKey, input } : { line, importKey, id, input };
        continue;
      }
      if (record.kind === 'corporateAction') {
        const account = givenAccount(record.account, record.line, options.account);
        const action = account === undefined ? record : { ...record, account };
        counted(record.line);
        yield corporateActionItem(action, instantOf(record.time, record.line, options, report));
        continue;
      }
      if (record.kind === 'invalid') {
        if (options.onInvalid === undefined) throw lineError(record.line, record.message);
        options.onInvalid({ line: record.line, message: record.message, raw: record.raw });
        continue;
      }
      report.fills++;
      // A row naming its own account under a given one fails the import, even when skipping invalid rows.
      givenAccount(record.account, record.line, options.account);
      if (options.onInvalid === undefined) {
        const fill = toFill(record, options, report);
        counted(record.line);
        yield fill;
        continue;
      }
      let fill: Fill;
      try {
        fill = toFill(record, options, report);
      } catch (e) {
        if (!(e instanceof CoreError) || e.code !== ErrorCode.validationFailed) throw e;
        report.fills--;
        options.onInvalid({ line: record.line, message: e.message, raw: rawOf(record) });
        continue;
      }
      counted(record.line);
      yield fill;
    }
  }
}

/**
 * Buffers and sorts fills by time (stable, so same-time fills keep the file's order; a
 * newest-first file is reversed first, so its same-time fills come out oldest first). Each fill
 * buffered is charged to the budget and released as it is handed on.
 */
async function* sortFills(
  fills: AsyncIterable<StreamItem>,
  newestFirst: boolean,
  budget: MemoryBudget | undefined,
): AsyncGenerator<StreamItem> {
  const all: Fill[] = [];
  for await (const f of fills) {
    // Whole trades and corporate actions pass as they come: before every fill of a sorted file.
    if (isPassThrough(f)) {
      yield f;
      continue;
    }
    all.push(f);
    if (budget === undefined) continue;
    budget.charge(fillBytes(f));
  }
  if (newestFirst) all.reverse();
  all.sort((a, b) => a.datetime - b.datetime);
  for (let i = 0; i < all.length; i++) {
    const f = all[i] as Fill;
    // Let go of each fill as it leaves, so memory and the budget fall together.
    (all as (Fill | undefined)[])[i] = undefined;
    if (budget !== undefined) budget.release(fillBytes(f));
    yield f;
  }
}
