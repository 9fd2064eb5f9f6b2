import { cellError } from '../../read/cell-error.js';
import type { HeaderRow } from '../../read/csv-records.js';
import { defineFormat } from '../registry.js';
import type { BrokerFill, FileHead, WallClock } from '../types.js';
import { readTableInTimeOrder } from '../parts/buffered-table.js';
import { feesInCash } from '../parts/cash-fees.js';
import {
  amountCell,
  costCell,
  costsCell,
  dateAndClock,
  priceCell,
  sideCell,
  unsignedQuantityCell,
  US_DATE_TIMES,
  wallClockCell,
} from '../parts/cells.js';
import { symbolCell } from '../parts/symbol-hints.js';
import { hasColumns, tableScore } from '../parts/table-rows.js';

const REQUIRED = ['T/D', 'Exec Time', 'Symbol', 'Side', 'Qty', 'Price'] as const;
const SIGNATURE = ['Account', 'S/D', 'Gross Proceeds', 'Net Proceeds', 'Currency', 'Comm', 'SEC', 'TAF'];
/** Columns of the DAS Trader / TradeZero template, which shares the others: its own format reads it. */
const DAS_ONLY = ['NSCC', 'Nasdaq', 'ECN Remove', 'ECN Add', 'Clr Broker', 'Liq'];
const FEE_COLUMNS = ['SEC', 'TAF'];

/** Exec Time holds a clock time (joined to T/D), or sometimes the whole date-time. */
function timeOf(row: HeaderRow): WallClock {
  const exec = row.get('Exec Time');
  if (exec.includes('/')) return wallClockCell(row, 'Exec Time', US_DATE_TIMES);
  return dateAndClock(row, 'T/D', 'Exec Time');
}

/**
 * Commission and fees: the Comm, SEC and TAF columns where the export has them, else all of
 * |Gross Proceeds − Net Proceeds| as fees.
 */
function costsOf(row: HeaderRow): Pick<BrokerFill, 'commission' | 'fees'> {
  if (row.has('Comm') || FEE_COLUMNS.some((c) => row.has(c))) {
    return { commission: costCell(row, 'Comm'), fees: costsCell(row, FEE_COLUMNS) };
  }
  if (!row.has('Gross Proceeds') || !row.has('Net Proceeds')) return {};
  const fees = feesInCash(amountCell(row, 'Gross Proceeds'), amountCell(row, 'Net Proceeds'));
  if (fees === undefined) {
    throw cellError(
      row.line,
      'Net Proceeds',
      `"${row.get('Net Proceeds')}" has the other sign than Gross Proceeds "${row.get('Gross Proceeds')}"`,
    );
  }
  return { fees };
}

function readTrade(row: HeaderRow): BrokerFill {
  const side = sideCell(row, 'Side', 'Buy, Sell, Sell Short or Buy to Cover');
  const { symbol, hints } = symbolCell(row, 'Symbol', { futures: true });
  const fill: BrokerFill = {
    kind: 'fill',
    line: row.line,
    time: { wall: timeOf(row) },
    account: row.get('Account'),
    symbol,
    side,
    quantity: unsignedQuantityCell(row, 'Qty'),
    price: priceCell(row, 'Price'),
    ...costsOf(row),
    ...hints,
  };
  const currency = row.get('Currency');
  if (currency !== '') fill.currency = currency;
  return fill;
}

/** Detection: the TradeStation columns, but not the DAS template's own ones. */
function detect(head: FileHead): number {
  const score = tableScore(head, REQUIRED, SIGNATURE);
  const das = head.records
    .slice(0, 21)
    .some((r) => hasColumns(r.cells, REQUIRED) && DAS_ONLY.some((c) => hasColumns(r.cells, [c])));
  return das ? Math.min(score, 0.4) : score;
}

/**
 * TradeStation's trade list: one row per execution with trade date (T/D) and clock time, side,
 * quantity and price; fees from the Comm/SEC/TAF columns, or |Gross − Net Proceeds| where those
 * are missing. Futures contract symbols (`ESZ24`) are futures, OCC symbols options.
 */
export const tradestationTrades = defineFormat({
  name: 'tradestation-trades',
  broker: 'TradeStation',
  title: 'Trades',
  exportHint: 'TradeStation: Accounts → Trade Activity (or Orders → Filled) → Export to CSV',
  reads: 'executions with account; fees = Comm + SEC + TAF, or |Gross Proceeds − Net Proceeds| when those are absent',
  timeRule: 'naive (T/D + Exec Time): --source-tz',
  sampleHeader: 'Account,T/D,S/D,Exec Time,Symbol,Side,Qty,Price,Gross Proceeds,Net Proceeds',
  requiredColumns: REQUIRED,
  detect,
  read: (input) =>
    readTableInTimeOrder(input, { required: REQUIRED, title: 'TradeStation trades' }, 'oldest-first', (row) => [readTrade(row)]),
});
