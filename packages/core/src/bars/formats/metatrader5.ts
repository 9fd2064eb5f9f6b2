/**
 * MetaTrader 5 bars export (View → Symbols → Bars → Export Bars): tab-separated with the header
 * `<DATE> <TIME> <OPEN> <HIGH> <LOW> <CLOSE> <TICKVOL> <VOL> <SPREAD>` (no `<TIME>` for daily
 * bars), dates `2026.11.02`, times `09:30` or `09:30:00`, each bar stamped with its OPEN time in the
 * broker server's zone (naive: `sourceTz` is required). Volume is `<VOL>`, or `<TICKVOL>` where
 * `<VOL>` is 0 (forex and CFD symbols have no exchange volume).
 */
import { cellError, lineError } from '../../import/read/cell-error.js';
import type { CsvLine } from '../../import/read/csv-records.js';
import { cell, ohlcv, wallTime } from './cells.js';
import { defineBarFormat } from './registry.js';

const DATE = /^(\d{4})\.(\d{2})\.(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The header's columns by name without brackets (`DATE`, `OPEN`, …). */
function columnsOf(first: CsvLine | undefined): Map<string, number> | undefined {
  if (first === undefined) return undefined;
  const index = new Map<string, number>();
  first.cells.forEach((c, i) => {
    const m = /^<([A-Z]+)>$/.exec(c.trim().toUpperCase());
    if (m !== null) index.set(m[1] as string, i);
  });
  return ['DATE', 'OPEN', 'HIGH', 'LOW', 'CLOSE'].every((c) => index.has(c)) ? index : undefined;
}

/** MetaTrader 5's bars export. */
export const metaTrader5Bars = defineBarFormat({
  name: 'metatrader5',
  title: 'MetaTrader 5 bars export',
  exportHint: 'View → Symbols → Bars → pick the symbol and timeframe → Export Bars; times are the broker server’s',
  naiveTimes: 'sourceTz',
  detect: (head) => (columnsOf(head.records[0]) === undefined ? 0 : 0.95),
  open(first) {
    const index = columnsOf(first);
    if (index === undefined) throw lineError(first.line, 'the header must name <DATE>, <OPEN>, <HIGH>, <LOW> and <CLOSE>');
    const at = (name: string) => index.get(name) as number;
    const dateAt = at('DATE');
    const timeAt = index.get('TIME');
    const vol = index.get('VOL');
    const tickVol = index.get('TICKVOL');
    return {
      header: true,
      read(record) {
        const date = cell(record, dateAt);
        const time = timeAt === undefined ? '00:00' : cell(record, timeAt);
        const d = DATE.exec(date);
        if (d === null) throw cellError(record.line, '<DATE>', `"${date}" is not yyyy.MM.dd`);
        const t = TIME.exec(time);
        if (t === null) throw cellError(record.line, '<TIME>', `"${time}" is not HH:mm:ss`);
        const parts = {
          year: +(d[1] as string),
          month: +(d[2] as string),
          day: +(d[3] as string),
          hour: +(t[1] as string),
          minute: +(t[2] as string),
          second: +(t[3] ?? 0),
        };
        const bar = ohlcv(
          record,
          [at('OPEN'), at('HIGH'), at('LOW'), at('CLOSE'), vol],
          ['<OPEN>', '<HIGH>', '<LOW>', '<CLOSE>', '<VOL>'],
        );
        const volume =
          (bar.volume ?? 0) === 0 && tickVol !== undefined
            ? ohlcv(
                record,
                [at('OPEN'), at('HIGH'), at('LOW'), at('CLOSE'), tickVol],
                ['<OPEN>', '<HIGH>', '<LOW>', '<CLOSE>', '<TICKVOL>'],
              ).volume
            : bar.volume;
        return {
          line: record.line,
          time: wallTime(record, '<DATE>', `${date} ${time}`, parts),
          endStamped: false,
          ...bar,
          volume,
        };
      },
    };
  },
});
