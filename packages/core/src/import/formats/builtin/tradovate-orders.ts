import { cellError } from '../../read/cell-error.js';
import type { HeaderRow } from '../../read/csv-records.js';
import { defineFormat } from '../registry.js';
import type { BrokerFill, BrokerRecord } from '../types.js';
import * as cells from '../parts/cells.js';
import { headedRows, headerDetect } from '../parts/header-rows.js';

const REQUIRED = ['orderId', 'B/S', 'Contract', 'Fill Time', 'avgPrice', 'filledQty'] as const;
const SIGNATURE = [
  ...REQUIRED,
  'Account',
  'Product',
  'Status',
  'Avg Fill Price',
  'Filled Qty',
  'Limit Price',
  'Stop Price',
  'Venue',
];
const NO_FEES =
  'Tradovate Orders carry no commissions: trades import without fees, or with those of a commission schedule (tj settings); the Fills export has them';

/** An order row as a fill (none when nothing of it was filled), with a warning for a partial fill. */
function readRow(row: HeaderRow): BrokerRecord[] {
  const filled = cells.optionalAmountCell(row, 'filledQty');
  if (filled < 0) throw cellError(row.line, 'filledQty', `"${row.get('filledQty')}" is not a quantity`);
  if (filled === 0) return [];
  const orderId = cells.requiredText(row, 'orderId');
  const fill: BrokerFill = {
    kind: 'fill',
    line: row.line,
    time: { wall: cells.wallClockCell(row, 'Fill Time', cells.US_DATE_TIMES) },
    symbol: cells.requiredText(row, 'Contract'),
    side: cells.sideCell(row, 'B/S', 'Buy or Sell'),
    quantity: filled,
    price: cells.priceCell(row, 'avgPrice'),
    execId: orderId,
    orderId,
    assetClass: 'future',
  };
  cells.withCells(fill, row, { account: 'Account', currency: 'Currency' });
  const status = row.get('Status');
  if (status === '' || /^filled$/i.test(status)) return [fill];
  const of = row.get('Quantity') === '' ? '' : ` of ${cells.amountCell(row, 'Quantity')}`;
  const message = `order ${orderId} is ${status} after filling ${filled}${of}: the filled part is imported`;
  return [fill, { kind: 'warning', line: row.line, message }];
}

/**
 * Tradovate's Orders export: one row per order, imported as one fill of its filled quantity at
 * its average price. Orders with nothing filled (cancelled, rejected, working) are skipped; one
 * cancelled or still working after a partial fill keeps its filled part, with a warning. Also
 * reads the short layout `orderId,B/S,Contract,Product,Fill Time,avgPrice,filledQty`. Values may
 * carry a leading space (` Buy`, ` Filled`). No commissions in this export.
 */
export const tradovateOrders = defineFormat({
  name: 'tradovate-orders',
  broker: 'Tradovate',
  title: 'Orders',
  exportHint: 'Orders tab (or Account Reports → Orders) → Download CSV',
  reads: 'filled orders as fills at their average price; no commissions in this export (use Fills for them)',
  timeRule: 'naive (Fill Time): read in --source-tz',
  sampleHeader: 'orderId,Account,Order ID,B/S,Contract,Product,Product Description,avgPrice,filledQty,Fill Time,…,Status,…',
  requiredColumns: REQUIRED,
  order: 'unordered',
  detect: headerDetect(REQUIRED, SIGNATURE),
  async *read(input) {
    yield [{ kind: 'warning', line: 1, message: NO_FEES }];
    for await (const rows of headedRows(input)) yield rows.flatMap(readRow);
  },
});
