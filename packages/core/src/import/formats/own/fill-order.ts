import type { CsvChunks } from '../../read/chunks.js';
import type { NumberedLine } from '../../read/csv-rows.js';
import type { CsvHeader } from '../../read/csv-columns.js';
import { type Fill, readFillsCsv, readFillsCsvReversed } from './fills-csv.js';

/** The time order of the rows of a fills file. */
export type FillOrder = 'oldest-first' | 'newest-first';

/** How many fills {@link detectFillOrder} looks at by default. */
export const FILL_ORDER_SAMPLE = 1000;

/**
 * Guesses a fills file's order from its first `sampleSize` fills (it stops reading there):
 * consecutive rows whose time goes down are counted against those whose time goes up;
 * `newest-first` only when the downs win, so equal or empty samples read as `oldest-first`.
 * A file in no order is not guessed at: `matchFills` rejects it, naming the line.
 */
export async function detectFillOrder(
  fills: AsyncIterable<Pick<Fill, 'datetime'>> | Iterable<Pick<Fill, 'datetime'>>,
  sampleSize: number = FILL_ORDER_SAMPLE,
): Promise<FillOrder> {
  let previous: number | undefined;
  let ups = 0;
  let downs = 0;
  let seen = 0;
  for await (const fill of fills) {
    if (previous !== undefined) {
      if (fill.datetime > previous) ups++;
      else if (fill.datetime < previous) downs++;
    }
    previous = fill.datetime;
    if (++seen >= sampleSize) break;
  }
  return downs > ups ? 'newest-first' : 'oldest-first';
}

/** Ways to read one fills file: from the start (chunks) and from the end (lines, last first). */
export interface FillsFile {
  /** Opens the file for a forward read (e.g. `() => createReadStream(path)`); may be called twice. */
  forward: () => CsvChunks;
  /** Opens the file for a backward read (e.g. `() => reverseLines(path)`). */
  backward: () => AsyncIterable<NumberedLine>;
}

/** What {@link openFillsCsv} found: the file's order and its fills, oldest first. */
export interface OpenedFills {
  order: FillOrder;
  fills: AsyncIterable<Fill>;
}

/**
 * Opens a fills CSV in whichever order it is written: peeks at its first fills with
 * {@link detectFillOrder}, then streams it forwards, or backwards when it is newest-first, so
 * the fills always come oldest first in bounded memory. Errors in the peeked rows throw here.
 *
 * @example
 * const { fills } = await openFillsCsv({ forward: () => createReadStream(p), backward: () => reverseLines(p) });
 * for await (const trade of matchFills(fills)) { ... }
 */
export async function openFillsCsv(file: FillsFile, sampleSize: number = FILL_ORDER_SAMPLE): Promise<OpenedFills> {
  let header: CsvHeader | undefined;
  const onHeader = (h: CsvHeader): void => {
    header = h;
  };
  const order = await detectFillOrder(readFillsCsv(file.forward(), { onHeader }), sampleSize);
  if (order === 'newest-first' && header !== undefined) {
    return { order, fills: readFillsCsvReversed(file.backward(), header) };
  }
  return { order, fills: readFillsCsv(file.forward()) };
}
