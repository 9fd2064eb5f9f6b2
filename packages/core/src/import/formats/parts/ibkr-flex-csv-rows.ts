/**
 * The records of an IBKR Flex CSV (Trades or Trade Confirmation): wrapper rows, section
 * prefixes and headers that repeat or change.
 */
import { headerIndex } from '../../read/csv-records.js';
import type { BrokerRecord, CsvLine, FileHead, FormatInput } from '../types.js';
import { FlexBook } from './ibkr-flex-book.js';
import { csvFlexRow } from './ibkr-flex-rows.js';

const WRAPPERS = new Set(['BOF', 'BOA', 'BOS', 'EOS', 'EOA', 'EOF', 'MSG']);

/** A Flex CSV record without its section prefix (`HEADER,TRNT,…` / `DATA,TRNT,…`); null for wrapper rows. */
function flexCells(cells: readonly string[]): { header: boolean; cells: string[] } | null {
  const first = (cells[0] ?? '').trim().toUpperCase();
  if (WRAPPERS.has(first)) return null;
  if (first === 'HEADER' || first === 'DATA') return { header: first === 'HEADER', cells: cells.slice(2) };
  return { header: headerIndex(cells).has('symbol'), cells: [...cells] };
}

/** True for the header of a trades table: Symbol, Quantity and a side or price column. */
function isTradesHeader(cells: readonly string[]): boolean {
  const index = headerIndex(cells);
  return index.has('symbol') && index.has('quantity') && (index.has('buysell') || index.has('tradeprice') || index.has('price'));
}

/** The header of the trades table among a file's first records, for detection. */
export function flexHeaderOf(head: FileHead): string[] | undefined {
  for (const record of head.records.slice(0, 20)) {
    const r = flexCells(record.cells);
    if (r?.header && isTradesHeader(r.cells)) return r.cells;
  }
  return undefined;
}

/**
 * Reads a Flex CSV (Trades or Trade Confirmation) into a {@link FlexBook}: wrapper rows
 * (BOF/BOA/BOS/EOS/EOA/EOF/MSG) skipped, section prefixes stripped, every repeated header
 * followed, rows under another section's header skipped. Yields once, at the end.
 */
export async function* readFlexCsv(input: FormatInput): AsyncGenerator<BrokerRecord[]> {
  if (input.kind !== 'csv') return;
  const book = new FlexBook();
  let header: { cells: string[]; index: Map<string, number> } | undefined;
  for await (const batch of input.records) {
    for (const record of batch as CsvLine[]) {
      const r = flexCells(record.cells);
      if (r === null) continue;
      if (r.header) header = isTradesHeader(r.cells) ? { cells: r.cells, index: headerIndex(r.cells) } : undefined;
      else if (header !== undefined) book.add(csvFlexRow(header.cells, header.index, { line: record.line, cells: r.cells }));
    }
  }
  yield book.records();
}
