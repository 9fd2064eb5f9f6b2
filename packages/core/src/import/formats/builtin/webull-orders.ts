import { cellError } from '../../read/cell-error.js';
import type { HeaderRow } from '../../read/csv-records.js';
import { defineFormat } from '../registry.js';
import type { BrokerRecord } from '../types.js';
import { readTableInTimeOrder } from '../parts/buffered-table.js';
import { optionalAmountCell, priceCell, sideCell } from '../parts/cells.js';
import { symbolCell } from '../parts/symbol-hints.js';
import { tableScore } from '../parts/table-rows.js';
import { webullFill } from '../parts/webull-fill.js';

const REQUIRED = ['Symbol', 'Side', 'Status', 'Filled', 'Price', 'Filled Time'] as const;
const SIGNATURE = ['Name', 'Total Qty', 'Avg Price', 'Time-in-Force', 'Placed Time'];
const FILLED = new Set(['filled', 'partially filled', 'partial filled', 'partially-filled']);

/** The fill price: `Avg Price` where the export has it (Price is then the limit, `@5.00`), else Price. */
function fillPrice(row: HeaderRow): number {
  if (row.has('Avg Price') && row.get('Avg Price') !== '') return priceCell(row, 'Avg Price');
  return priceCell(row, 'Price');
}

/** One order row: its filled part as a fill, nothing (unfilled), or a warning beside the fill. */
function readOrder(row: HeaderRow): BrokerRecord[] {
  const status = row.get('Status');
  const filled = Math.abs(optionalAmountCell(row, 'Filled'));
  const isFilled = FILLED.has(status.toLowerCase());
  if (filled === 0) {
    if (isFilled) throw cellError(row.line, 'Filled', `"${row.get('Filled')}" on an order with status "${status}"`);
    return [];
  }
  const side = sideCell(row, 'Side', 'Buy, Sell or Short');
  const { symbol, hints } = symbolCell(row, 'Symbol');
  const fill = webullFill(row, { symbol, side, quantity: filled, price: fillPrice(row), ...hints });
  if (isFilled) return [fill];
  return [
    { kind: 'warning', line: row.line, message: `status "${status}" with ${filled} filled: the filled part is imported` },
    fill,
  ];
}

/**
 * Webull's order records (stocks, and options in the same layout): one row per order; filled and
 * partially filled orders are read with their filled quantity at the average fill price,
 * cancelled and failed orders without fills are skipped. Times with a zone abbreviation (`EDT`)
 * are instants, times without one are read in the source zone.
 */
export const webullOrders = defineFormat({
  name: 'webull-orders',
  broker: 'Webull',
  title: 'Orders Records',
  exportHint: 'Webull desktop: Orders → Order History → Export (stocks; options in the same layout)',
  reads: 'filled orders (partial fills at their filled quantity); OCC option symbols as options ×100; no fees',
  timeRule: 'Filled Time: zone abbreviation (EDT, EST, …) when written, else naive: --source-tz',
  sampleHeader: 'Name,Symbol,Side,Status,Filled,Total Qty,Price,Avg Price,Time-in-Force,Placed Time,Filled Time',
  requiredColumns: REQUIRED,
  detect: (head) => tableScore(head, REQUIRED, SIGNATURE),
  read: (input) => readTableInTimeOrder(input, { required: REQUIRED, title: 'Webull orders' }, 'newest-first', readOrder),
});
