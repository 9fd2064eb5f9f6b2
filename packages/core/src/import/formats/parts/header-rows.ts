/**
 * The rows of a one-table CSV export: the first record is the header, every later record a row
 * read through it by column name.
 */
import { columnKey, type HeaderRow, headerIndex, headerRow } from '../../read/csv-records.js';
import type { CsvLine, FileHead, FormatInput } from '../types.js';

/**
 * Yields the rows after the header, batch by batch, each readable by column name; records whose
 * cells are all blank (`;;;;`) are skipped. `indexOf` builds the column index from the header
 * cells (e.g. {@link translatedIndex} for headers written in several languages).
 *
 * @example for await (const rows of headedRows(input)) for (const row of rows) row.get('Price');
 */
export async function* headedRows(
  input: FormatInput,
  indexOf: (cells: readonly string[]) => Map<string, number> = headerIndex,
): AsyncGenerator<HeaderRow[]> {
  if (input.kind !== 'csv') return;
  let index: Map<string, number> | undefined;
  for await (const batch of input.records) {
    const rows: HeaderRow[] = [];
    for (const record of batch as CsvLine[]) {
      if (index === undefined) index = indexOf(record.cells);
      else if (record.cells.some((c) => c.trim() !== '')) rows.push(headerRow(index, record));
    }
    if (rows.length > 0) yield rows;
  }
}

/** Column names per canonical name: `{ 'Entry price': ['Entry price', 'Einstiegspreis'] }`. */
export type ColumnNames = Readonly<Record<string, readonly string[]>>;

/**
 * A header index under canonical names: a cell matching any name of a column (ignoring case,
 * blanks and `_ - . /`) is indexed under that column's canonical name, so rows read the same
 * whatever language the header is in.
 *
 * @example headerRow(translatedIndex({ Profit: ['Profit', 'Gewinn'] })(['Gewinn']), record).get('Profit')
 */
export function translatedIndex(names: ColumnNames): (cells: readonly string[]) => Map<string, number> {
  const canonical = new Map<string, string>();
  for (const [column, spellings] of Object.entries(names)) {
    for (const s of [column, ...spellings]) canonical.set(columnKey(s), columnKey(column));
  }
  return (cells) => {
    const index = new Map<string, number>();
    cells.forEach((cell, i) => {
      const key = canonical.get(columnKey(cell)) ?? columnKey(cell);
      if (key !== '' && !index.has(key)) index.set(key, i);
    });
    return index;
  };
}

/**
 * The `detect` of a one-table export: 0 unless the first record has every `required` column,
 * then 0.6 plus up to 0.4 for the share of `signature` columns it has. `indexOf` reads the
 * header as {@link headedRows} does.
 *
 * @example detect: headerDetect(['Symbol', 'Side'], ['Symbol', 'Side', 'Order ID'])
 */
export function headerDetect(
  required: readonly string[],
  signature: readonly string[],
  indexOf: (cells: readonly string[]) => Map<string, number> = headerIndex,
): (head: FileHead) => number {
  return (head) => {
    const header = head.records[0];
    if (header === undefined) return 0;
    const index = indexOf(header.cells);
    const share = (names: readonly string[]) => names.filter((n) => index.has(columnKey(n))).length / names.length;
    return share(required) < 1 ? 0 : 0.6 + 0.4 * share(signature);
  };
}
