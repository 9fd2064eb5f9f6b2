/**
 * NinjaTrader 8 historical data export (Control Center → Tools → Historical Data → Export): no
 * header, `;`-separated, `yyyyMMdd HHmmss;open;high;low;close;volume` for minute bars and
 * `yyyyMMdd;open;high;low;close;volume` for daily bars (NinjaTrader help guide, "Importing", whose
 * text format the export writes). NinjaTrader stamps an intraday bar with its END time, and its
 * help guide says "NinjaTrader exports are always done in the UTC time zone" (NT8 help,
 * Historical Data → Importing, "Time Zone of Imported Data"): naive times are read as UTC unless
 * a `sourceTz` is given (a file from a data vendor in this layout). A daily bar is stamped with
 * its session's date and taken to start at that date's midnight.
 */
import { cellError } from '../../import/read/cell-error.js';
import type { CsvLine } from '../../import/read/csv-records.js';
import { cell, ohlcv, wallTime } from './cells.js';
import { defineBarFormat } from './registry.js';

const STAMP = /^(\d{4})(\d{2})(\d{2})(?: (\d{2})(\d{2})(\d{2}))?$/;

/** True when a record looks like one of NinjaTrader's bars. */
function looksLikeBar(record: CsvLine | undefined): boolean {
  return record !== undefined && record.cells.length === 6 && STAMP.test(cell(record, 0));
}

/** NinjaTrader 8's historical data export. */
export const ninjaTraderBars = defineBarFormat({
  name: 'ninjatrader8',
  title: 'NinjaTrader 8 historical data export',
  exportHint: 'Control Center → Tools → Historical Data → Export (Minute or Day, Last); times are UTC, bars stamped at their end',
  naiveTimes: 'utc',
  detect(head) {
    const sample = head.records.slice(0, 5);
    return head.delimiter === ';' && sample.length > 0 && sample.every(looksLikeBar) ? 0.95 : 0;
  },
  open() {
    return {
      header: false,
      read(record) {
        const raw = cell(record, 0);
        const m = STAMP.exec(raw);
        if (m === null) throw cellError(record.line, 'date', `"${raw}" is not yyyyMMdd HHmmss`);
        const [, y, mo, d, h, mi, s] = m;
        const parts = {
          year: Number(y),
          month: Number(mo),
          day: Number(d),
          hour: Number(h ?? 0),
          minute: Number(mi ?? 0),
          second: Number(s ?? 0),
        };
        return {
          line: record.line,
          time: wallTime(record, 'date', raw, parts),
          endStamped: h !== undefined,
          ...ohlcv(record, [1, 2, 3, 4, 5], ['open', 'high', 'low', 'close', 'volume']),
        };
      },
    };
  },
});
