/**
 * Readers of exports that must be read whole before their fills can be given in time order:
 * newest-first files, dates without times, rows in another order than their fills.
 */
import type { HeaderRow } from '../../read/csv-records.js';
import type { BrokerRecord, FormatInput } from '../types.js';
import { closingSides, type MaybeSidedFill, type WarningRecord } from './closing-sides.js';
import { type TableOptions, tableRows } from './table-rows.js';
import { type FileOrder, inTimeOrder } from './time-order.js';

/**
 * Reads every row of a one-table export with `readRow`, then yields the file's records in one
 * batch: its warnings first, then its fills in time order ({@link inTimeOrder}, `typical` being the
 * broker's usual order), fills without a side given the side that closes what the file opened
 * ({@link closingSides}).
 *
 * @example read: (input) => readTableInTimeOrder(input, { required, title: 'Robinhood activity' }, 'newest-first', readRow)
 */
export async function* readTableInTimeOrder(
  input: FormatInput,
  options: TableOptions,
  typical: FileOrder,
  readRow: (row: HeaderRow) => (MaybeSidedFill | WarningRecord)[],
): AsyncGenerator<BrokerRecord[]> {
  const warnings: WarningRecord[] = [];
  const fills: MaybeSidedFill[] = [];
  for await (const rows of tableRows(input, options)) {
    for (const row of rows) {
      for (const record of readRow(row)) {
        if (record.kind === 'warning') warnings.push(record);
        else fills.push(record);
      }
    }
  }
  yield [...warnings, ...closingSides(inTimeOrder(fills, typical))];
}
