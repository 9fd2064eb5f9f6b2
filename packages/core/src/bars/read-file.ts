/**
 * Reads a bars file as it streams (docs/decisions.md, "Price bars: files"): its format detected
 * from the head (or named), records read within the input limits, each row turned into a checked
 * bar. Only the first bars (for the timeframe) and one batch are held at a time.
 */
import { type CsvLine, readFileHead } from '../import/read/csv-records.js';
import { readBarLines } from './bar-lines.js';
import type { ImportSource } from '../import/engine/run-options.js';
import { CoreError, ErrorCode, validationError } from '../shared/errors.js';
import { boundedBytes, type InputLimits, limitError } from '../shared/input-limits.js';
import { BarChecker, type TimedBar, timed } from './check-bars.js';
import type { BarFormatRegistry } from './formats/registry.js';
import type { BarFormat, BarRowReader } from './formats/types.js';
import { INFER_FROM_BARS, inferTimeframe } from './infer-timeframe.js';
import type { Bar, TimeframeSeconds } from '../market/bar.js';

/** How to read a bars file. */
export interface BarReadOptions {
  /** A format name; detected when absent. */
  format?: string | undefined;
  /** The bars' resolution; inferred when absent. */
  timeframe?: TimeframeSeconds | undefined;
  /** IANA zone of naive times. */
  sourceTz?: string | undefined;
}

/** A bars file opened: its format, its timeframe and its bars in batches (oldest first). */
export interface BarFile {
  format: BarFormat;
  timeframe: TimeframeSeconds;
  batches: AsyncGenerator<Bar[]>;
}

/** The file's rows as timed bars, in batches, within the record bounds. */
async function* timedBars(
  source: ImportSource,
  format: BarFormat,
  delimiter: string,
  zone: string | undefined,
  limits: InputLimits,
): AsyncGenerator<TimedBar[]> {
  const chunks = boundedBytes(source.open(), limits.maxBytes);
  let reader: BarRowReader | undefined;
  let records = 0;
  for await (const batch of readBarLines(chunks, delimiter, limits.maxRecordLength)) {
    records += batch.length;
    if (records > limits.maxRecords)
      throw limitError('maxRecords', limits.maxRecords, `the file has more than ${limits.maxRecords} records`);
    const out: TimedBar[] = [];
    for (const record of batch) {
      if (reader === undefined) {
        reader = format.open(record);
        if (reader.header) continue;
      }
      if (isBlank(record)) continue;
      out.push(timed(reader.read(record), zone, 'time'));
    }
    if (out.length > 0) yield out;
  }
}

function isBlank(record: CsvLine): boolean {
  return record.cells.every((c) => c.trim() === '');
}

/** The zone naive times are read in: the request's, else UTC for formats whose program writes UTC. */
function zoneOf(format: BarFormat, sourceTz: string | undefined): string | undefined {
  return sourceTz ?? (format.naiveTimes === 'utc' ? 'UTC' : undefined);
}

/**
 * Opens a bars file: detects its format, reads its first bars to infer the timeframe when not
 * given, and answers the rest as checked batches. A bad row fails with its line.
 */
export async function openBarFile(
  source: ImportSource,
  options: BarReadOptions,
  registry: BarFormatRegistry,
  limits: InputLimits,
): Promise<BarFile> {
  const head = await readFileHead(source.open());
  if (head.text.trim() === '') throw new CoreError(ErrorCode.validationFailed, 'the file is empty');
  const format = options.format === undefined ? registry.detect(head) : registry.get(options.format);
  const rows = timedBars(source, format, head.delimiter, zoneOf(format, options.sourceTz), limits);
  const first: TimedBar[] = [];
  let done = false;
  while (first.length < INFER_FROM_BARS) {
    const next = await rows.next();
    if (next.done) {
      done = true;
      break;
    }
    first.push(...next.value);
  }
  if (first.length === 0) throw validationError([{ path: 'file', message: `the file has no bars (read as ${format.title})` }]);
  // Rows and their order first (a bar out of order is named as such, not as an odd gap).
  const inOrder = new BarChecker(1);
  for (const t of first) inOrder.check(t);
  const timeframe = options.timeframe ?? inferTimeframe(first.slice(0, INFER_FROM_BARS).map((b) => b.stamp));
  const checker = new BarChecker(timeframe * 1000);
  return { format, timeframe, batches: checked(first, done ? undefined : rows, checker) };
}

async function* checked(
  first: TimedBar[],
  rest: AsyncGenerator<TimedBar[]> | undefined,
  checker: BarChecker,
): AsyncGenerator<Bar[]> {
  yield first.map((t) => checker.check(t));
  if (rest === undefined) return;
  for await (const batch of rest) yield batch.map((t) => checker.check(t));
}
