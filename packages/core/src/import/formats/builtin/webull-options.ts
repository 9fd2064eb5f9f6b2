import { cellError } from '../../read/cell-error.js';
import type { HeaderRow } from '../../read/csv-records.js';
import { parseOccSymbol } from '../../../instruments/catalogue.js';
import { defineFormat } from '../registry.js';
import type { BrokerRecord, PositionEffect } from '../types.js';
import { readTableInTimeOrder } from '../parts/buffered-table.js';
import { costCell, optionalAmountCell, priceCell, sideCell } from '../parts/cells.js';
import { optionHints } from '../parts/symbol-hints.js';
import { tableScore } from '../parts/table-rows.js';
import { webullFill } from '../parts/webull-fill.js';

const REQUIRED = ['Symbol', 'B/S', 'Filled Time', 'Filled Avg Price', 'Filled Qty'] as const;
const SIGNATURE = [
  'Option Level',
  'Market',
  'Place Time',
  'Side Type',
  'Option Type',
  'Combo Type',
  'Traded Value',
  'Commission',
  'Fee',
  'Is Partial Filled',
];
const MULTIPLIER = 100;
const EFFECTS: Record<string, PositionEffect> = { open: 'open', close: 'close' };

/** One order row: a fill, or nothing when nothing was filled; a warning when its Traded Value disagrees. */
function readOrder(row: HeaderRow): BrokerRecord[] {
  const quantity = Math.abs(optionalAmountCell(row, 'Filled Qty'));
  if (quantity === 0) return [];
  const option = parseOccSymbol(row.get('Symbol'));
  if (option === undefined) {
    throw cellError(row.line, 'Symbol', `"${row.get('Symbol')}" is not an OCC option symbol such as SPY250321C00570000`);
  }
  const side = sideCell(row, 'B/S', 'Buy or Sell');
  const price = priceCell(row, 'Filled Avg Price');
  const { symbol, hints } = optionHints(option, MULTIPLIER);
  const fill = webullFill(row, {
    symbol,
    side,
    quantity,
    price,
    commission: costCell(row, 'Commission'),
    fees: costCell(row, 'Fee'),
    ...hints,
  });
  const effect = EFFECTS[row.get('Side Type').toLowerCase()];
  if (effect !== undefined) fill.effect = effect;
  const traded = Math.abs(optionalAmountCell(row, 'Traded Value', Number.NaN));
  if (Number.isFinite(traded) && Math.abs(traded - price * quantity * MULTIPLIER) >= 0.01 * quantity) {
    const message = `Traded Value ${row.get('Traded Value')} is not ${quantity} × ${price} × ${MULTIPLIER}: check the contract size`;
    return [{ kind: 'warning', line: row.line, message }, fill];
  }
  return [fill];
}

/**
 * Webull's options order export: one row per filled order with an OCC symbol, average fill
 * price, filled quantity, commission and fee; rows with nothing filled are skipped.
 */
export const webullOptions = defineFormat({
  name: 'webull-options',
  broker: 'Webull',
  title: 'Options orders',
  exportHint: 'Webull: Orders → Options → Order History → Export',
  reads: 'filled option orders (OCC symbols, ×100) with commission and fees; Side Type open/close',
  timeRule: 'Filled Time: zone abbreviation (EDT, EST, …) when written, else naive: --source-tz',
  sampleHeader:
    'Option Level,Symbol,Market,Place Time,Filled Time,B/S,Side Type,…,Filled Avg Price,Filled Qty,Traded Value,Commission,Fee,…',
  requiredColumns: REQUIRED,
  detect: (head) => tableScore(head, REQUIRED, SIGNATURE),
  read: (input) => readTableInTimeOrder(input, { required: REQUIRED, title: 'Webull options orders' }, 'newest-first', readOrder),
});
