/**
 * Times written with a US zone abbreviation (`03/13/2026 09:31:05 EDT`): the abbreviation
 * names the offset, so they are instants; the same times without one stay wall-clock times.
 */
import { cellError } from '../../read/cell-error.js';
import type { HeaderRow } from '../../read/csv-records.js';
import type { BrokerTime, WallClock } from '../types.js';
import { cellValue, parseWallClockAny, wallClockCell } from './cells.js';

/** Minutes east of UTC of the abbreviations US brokers write. */
export const ZONE_OFFSETS: Readonly<Record<string, number>> = {
  UTC: 0,
  GMT: 0,
  Z: 0,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
};

const TRAILING_WORD = /^(.*?\d)\s+([A-Za-z]{1,5})$/;

/** Epoch milliseconds of a wall-clock time at a fixed offset (minutes east of UTC). */
function atOffset(w: WallClock, offsetMinutes: number): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond) - offsetMinutes * 60_000;
}

/**
 * The time in `column`: an instant when it ends in a known zone abbreviation (EDT, EST, CDT, CST,
 * MDT, MST, PDT, PST, UTC, GMT), a wall-clock time when it has none; any other trailing word but
 * AM/PM is an error naming it.
 *
 * @example zonedTimeCell(row, 'Filled Time', ['M/d/yyyy H:mm:ss']) // { utc: … } for "03/13/2026 09:31:05 EDT"
 */
export function zonedTimeCell(row: HeaderRow, column: string, patterns: readonly string[]): BrokerTime {
  const raw = row.get(column);
  const m = TRAILING_WORD.exec(raw.trim());
  const word = m?.[2]?.toUpperCase();
  if (m === null || word === 'AM' || word === 'PM') return { wall: wallClockCell(row, column, patterns) };
  const offset = ZONE_OFFSETS[word as string];
  if (offset === undefined) {
    throw cellError(
      row.line,
      column,
      `"${raw}" ends in the unknown time zone "${m[2]}" (known: ${Object.keys(ZONE_OFFSETS).join(', ')})`,
    );
  }
  return { utc: atOffset(cellValue(row, column, parseWallClockAny(m[1] as string, patterns)), offset) };
}
