/**
 * TradingView's chart data export (chart menu, "Export chart data…"): a header whose first five
 * columns are `time,open,high,low,close`, then `Volume` and one column per indicator plot on the
 * chart. `time` is the bar's START, in UNIX seconds by default or ISO 8601 with the chart's offset
 * when "ISO time" is chosen. Layout as documented by vendors of TradingView indicators whose users
 * export it (e.g. smartswingtools.com/docs/ssi-pro/csv-export, "Standard Columns (TradingView)")
 * and by TradingView's export dialog (time format: UNIX timestamp or ISO time).
 */
import { cellError, lineError } from '../../import/read/cell-error.js';
import { type CsvLine, columnKey } from '../../import/read/csv-records.js';
import type { BrokerTime } from '../../import/values/wall-clock.js';
import { cell, isoTimeCell, ohlcv } from './cells.js';
import { defineBarFormat } from './registry.js';

const FIRST = ['time', 'open', 'high', 'low', 'close'];
const UNIX_SECONDS = /^\d{9,11}$/;

function isTradingViewHeader(first: CsvLine | undefined): boolean {
  return first !== undefined && FIRST.every((name, i) => columnKey(first.cells[i] ?? '') === name);
}

/** A TradingView time cell: UNIX seconds, or ISO 8601. */
function timeOf(record: CsvLine): BrokerTime {
  const raw = cell(record, 0);
  if (UNIX_SECONDS.test(raw)) return { utc: Number(raw) * 1000 };
  if (/^\d+$/.test(raw)) throw cellError(record.line, 'time', `"${raw}" is not a UNIX time in seconds`);
  return isoTimeCell(record, 0, 'time');
}

/** TradingView's chart data export. */
export const tradingViewBars = defineBarFormat({
  name: 'tradingview',
  title: 'TradingView chart data export',
  exportHint: 'On the chart: menu (or the camera icon) → Export chart data…; UNIX or ISO time',
  naiveTimes: 'sourceTz',
  detect(head) {
    const [first, second] = head.records;
    if (first === undefined || second === undefined || !isTradingViewHeader(first)) return 0;
    if (UNIX_SECONDS.test(cell(second, 0))) return 0.95;
    // ISO times: our generic CSV claims a file of exactly time,open,high,low,close[,volume] (0.9).
    return first.cells.length > 6 ? 0.8 : 0.6;
  },
  open(first) {
    if (!isTradingViewHeader(first)) throw lineError(first.line, 'the header must start with time,open,high,low,close');
    const volumeAt = first.cells.findIndex((c, i) => i >= 5 && columnKey(c) === 'volume');
    const prices = [1, 2, 3, 4, volumeAt === -1 ? undefined : volumeAt] as const;
    return {
      header: true,
      read: (record) => ({
        line: record.line,
        time: timeOf(record),
        endStamped: false,
        ...ohlcv(record, prices, ['open', 'high', 'low', 'close', 'Volume']),
      }),
    };
  },
});
