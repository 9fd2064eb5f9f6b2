/**
 * The rows of a one-table CSV export whose header need not be its first line: title or banner
 * lines above it are passed over (the header is found by its columns), repeated headers are
 * skipped, and a file without it fails. (`header-rows.ts` reads exports whose first line is the
 * header, in any of several languages.)
 */
import { validationError } from '../../../shared/errors.js';
import { columnKey, type HeaderRow, headerIndex, headerRow, headerScore } from '../../read/csv-records.js';
import type { CsvLine, FileHead, FormatInput } from '../types.js';

/** How many records may precede the header (titles, account banners, disclaimers). */
const MAX_PREAMBLE = 20;

/** True when `cells` hold every one of `columns` (names matched as {@link columnKey} does). */
export function hasColumns(cells: readonly string[], columns: readonly string[]): boolean {
  return headerScore(cells, columns) === 1;
}

/**
 * A detection score for a one-table export: 0 unless one of the first records holds every
 * `required` column, then 0.6 plus up to 0.4 for the share of `signature` columns it holds.
 *
 * @example tableScore(head, ['Symbol', 'Side'], ['Name', 'Status']) // 0.8 for a header with Symbol, Side and Name
 */
export function tableScore(head: FileHead, required: readonly string[], signature: readonly string[]): number {
  for (const record of head.records.slice(0, MAX_PREAMBLE + 1)) {
    if (hasColumns(record.cells, required)) return 0.6 + 0.4 * headerScore(record.cells, signature);
  }
  return 0;
}

/** Options of {@link tableRows}. */
export interface TableOptions {
  /** Columns the header must have. */
  required: readonly string[];
  /** Tells the header line when the export has more than one layout (default: it has every required column). */
  isHeader?: (cells: readonly string[]) => boolean;
  /** The export's name for the "no header" error (`Webull orders`). */
  title: string;
  /** Sees each record above the header (e.g. an account banner). */
  preamble?: (record: CsvLine) => void;
}

/** True when `cells` repeat the header (its first cell is checked first: rows rarely match it). */
function isRepeatedHeader(cells: readonly string[], headerKeys: readonly string[]): boolean {
  if (cells.length !== headerKeys.length || columnKey(cells[0] ?? '') !== headerKeys[0]) return false;
  return cells.every((c, i) => columnKey(c) === headerKeys[i]);
}

/**
 * Streams the data rows of a CSV input as {@link HeaderRow}s, in batches: records above the
 * first line holding every required column are handed to `preamble`, later copies of the header
 * are skipped. A file without such a line is a `validation_failed` error naming the columns.
 */
export async function* tableRows(input: FormatInput, options: TableOptions): AsyncGenerator<HeaderRow[]> {
  if (input.kind !== 'csv') return;
  let index: Map<string, number> | undefined;
  let headerKeys: string[] = [];
  let seen = 0;
  const isHeader = options.isHeader ?? ((cells: readonly string[]) => hasColumns(cells, options.required));
  for await (const batch of input.records) {
    const rows: HeaderRow[] = [];
    for (const record of batch) {
      if (index === undefined) {
        if (isHeader(record.cells)) {
          index = headerIndex(record.cells);
          headerKeys = record.cells.map(columnKey);
        } else if (++seen > MAX_PREAMBLE) {
          break;
        } else {
          options.preamble?.(record);
        }
        continue;
      }
      if (isRepeatedHeader(record.cells, headerKeys)) continue;
      rows.push(headerRow(index, record));
    }
    if (index === undefined && seen > MAX_PREAMBLE) break;
    if (rows.length > 0) yield rows;
  }
  if (index === undefined) {
    throw validationError([
      { path: 'file', message: `no ${options.title} header found: it needs the columns ${options.required.join(', ')}` },
    ]);
  }
}
