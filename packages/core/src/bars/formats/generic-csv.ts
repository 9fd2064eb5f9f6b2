/**
 * Our generic bars CSV: a header `time,open,high,low,close[,volume]` (any case, any order, no other
 * column), ISO 8601 times with `Z` or an offset (naive times are read in `sourceTz`), one bar a row,
 * each stamped with its START.
 */
import { lineError } from '../../import/read/cell-error.js';
import { type CsvLine, columnKey, headerIndex } from '../../import/read/csv-records.js';
import { parseTimeCell } from '../../import/values/plain.js';
import { cell, isoTimeCell, ohlcv } from './cells.js';
import { defineBarFormat } from './registry.js';

const REQUIRED = ['time', 'open', 'high', 'low', 'close'] as const;
const ALLOWED = new Set<string>([...REQUIRED, 'volume']);

/** The columns of a header record, or undefined when it is not exactly ours. */
function columnsOf(first: CsvLine | undefined): Map<string, number> | undefined {
  if (first === undefined) return undefined;
  const index = headerIndex(first.cells);
  if (!REQUIRED.every((c) => index.has(c))) return undefined;
  if (first.cells.some((c) => c.trim() !== '' && !ALLOWED.has(columnKey(c)))) return undefined;
  return index;
}

/** The generic bars CSV. */
export const genericBarsCsv = defineBarFormat({
  name: 'generic-csv',
  title: 'Generic bars CSV',
  exportHint: 'A CSV with the header time,open,high,low,close[,volume]; ISO 8601 times such as 2026-11-02T14:30:00Z',
  naiveTimes: 'sourceTz',
  detect(head) {
    const [first, second] = head.records;
    const index = columnsOf(first);
    if (index === undefined) return 0;
    // A header alone is ours too (and then refused for having no bars).
    if (second === undefined) return 0.7;
    // UNIX-second times are TradingView's; ours are ISO 8601.
    return parseTimeCell(cell(second, index.get('time') as number)).ok ? 0.9 : 0;
  },
  open(first) {
    const index = columnsOf(first);
    if (index === undefined) {
      throw lineError(first.line, 'the header must be time,open,high,low,close[,volume] (and no other column)');
    }
    const at = (name: string) => index.get(name) as number;
    const prices = [at('open'), at('high'), at('low'), at('close'), index.get('volume')] as const;
    const time = at('time');
    return {
      header: true,
      read: (record) => ({
        line: record.line,
        time: isoTimeCell(record, time, 'time'),
        endStamped: false,
        ...ohlcv(record, prices, ['open', 'high', 'low', 'close', 'volume']),
      }),
    };
  },
});
