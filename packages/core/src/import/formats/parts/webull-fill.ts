import type { HeaderRow } from '../../read/csv-records.js';
import type { BrokerFill } from '../types.js';
import { US_DATE_TIMES } from './cells.js';
import { zonedTimeCell } from './zone-abbreviations.js';

/** A Webull fill of `row` at its Filled Time (read with the zone abbreviation it is written with, else naive). */
export function webullFill(row: HeaderRow, fill: Omit<BrokerFill, 'kind' | 'line' | 'time'>): BrokerFill {
  return { kind: 'fill', line: row.line, time: zonedTimeCell(row, 'Filled Time', US_DATE_TIMES), ...fill };
}
