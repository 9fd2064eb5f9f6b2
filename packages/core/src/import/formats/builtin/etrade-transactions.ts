import { cellError } from '../../read/cell-error.js';
import type { HeaderRow } from '../../read/csv-records.js';
import { defineFormat } from '../registry.js';
import type { BrokerFill, BrokerRecord, CsvLine, FileHead } from '../types.js';
import { readTableInTimeOrder } from '../parts/buffered-table.js';
import { feesInCash } from '../parts/cash-fees.js';
import { amountCell, costCell, priceCell, unsignedQuantityCell, US_DATES, wallClockCell } from '../parts/cells.js';
import { symbolCell } from '../parts/symbol-hints.js';
import { hasColumns, tableScore } from '../parts/table-rows.js';
import { atDateOnlyHour } from '../parts/time-order.js';

/** The transaction history download (`DownloadTxnHistory.csv`), with or without spaces in the names. */
const REQUIRED = ['Transaction Date', 'Transaction Type', 'Symbol', 'Quantity', 'Price', 'Amount'] as const;
const SIGNATURE = ['SecurityType', 'Commission', 'Fees', 'Description'];
/** The newer "All Transactions" export. */
const ACTIVITY_REQUIRED = ['Activity/Trade Date', 'Activity Type', 'Symbol', 'Quantity #', 'Price $', 'Amount $'] as const;
const ACTIVITY_SIGNATURE = ['Transaction Date', 'Settlement Date', 'Description', 'Cusip', 'Commission', 'Category'];
const OPTION_TYPES = /^(optn|opt|option)/i;

/** The first of `names` the row's header has (the layouts name the same thing differently). */
function column(row: HeaderRow, ...names: string[]): string {
  return names.find((n) => row.has(n)) ?? (names[0] as string);
}

/** Bought / Sold / Buy / Sell (also "Bought To Open", "Sold Short", …); undefined for other types. */
function sideOfType(type: string): 'buy' | 'sell' | undefined {
  if (/^(bought|buy)\b/i.test(type)) return 'buy';
  if (/^(sold|sell)\b/i.test(type)) return 'sell';
  return undefined;
}

function readTransaction(row: HeaderRow, account: string): BrokerRecord[] {
  const typeColumn = column(row, 'Transaction Type', 'Activity Type');
  const type = row.get(typeColumn);
  const side = sideOfType(type);
  if (side === undefined) {
    if (!/expir|assign|exercis/i.test(type)) return [];
    return [
      { kind: 'warning', line: row.line, message: `"${type}" of ${row.get('Symbol')} is not read: close that position by hand` },
    ];
  }
  const { symbol, hints } = symbolCell(row, 'Symbol');
  const securityType = row.get(column(row, 'SecurityType', 'Security Type'));
  if (OPTION_TYPES.test(securityType) && hints.assetClass !== 'option') {
    throw cellError(
      row.line,
      'Symbol',
      `"${symbol}" is an option (${securityType}) but not an OCC symbol such as SPY250321C00570000`,
    );
  }
  const dateColumn = column(row, 'Activity/Trade Date', 'Transaction Date');
  const quantity = unsignedQuantityCell(row, column(row, 'Quantity', 'Quantity #'));
  const price = priceCell(row, column(row, 'Price', 'Price $'));
  const commission = costCell(row, 'Commission');
  const fill: BrokerFill = {
    kind: 'fill',
    line: row.line,
    time: { wall: atDateOnlyHour(wallClockCell(row, dateColumn, US_DATES)) },
    account,
    symbol,
    side,
    quantity,
    price,
    commission,
    ...hints,
  };
  if (/to open/i.test(type)) fill.effect = 'open';
  else if (/to close|to cover/i.test(type)) fill.effect = 'close';
  if (row.has('Fees')) {
    fill.fees = costCell(row, 'Fees');
  } else {
    const amountColumn = column(row, 'Amount', 'Amount $');
    const gross = quantity * price * (hints.assetClass === 'option' ? 100 : 1) * (side === 'buy' ? -1 : 1);
    const fees = feesInCash(gross, amountCell(row, amountColumn), commission);
    if (fees === undefined)
      throw cellError(row.line, amountColumn, `"${row.get(amountColumn)}" has the wrong sign for a ${type}`);
    fill.fees = fees;
  }
  return [fill];
}

function detect(head: FileHead): number {
  return Math.max(tableScore(head, REQUIRED, SIGNATURE), tableScore(head, ACTIVITY_REQUIRED, ACTIVITY_SIGNATURE));
}

/**
 * E*TRADE's transaction history: Bought / Sold rows (dates only) with quantity, price and
 * commission; fees from the Fees column, or what Amount holds beyond quantity × price and
 * commission. Other transactions (dividends, transfers, interest) are skipped. The account
 * banner above the header (`For Account:,####1234`) names the account.
 */
export const etradeTransactions = defineFormat({
  name: 'etrade-transactions',
  broker: 'E*TRADE',
  title: 'Transactions',
  exportHint: 'E*TRADE: Accounts → Transactions → choose the dates → Download (CSV)',
  reads: 'bought and sold transactions with commission and fees (or fees netted in Amount); the account from the banner',
  timeRule: 'dates only: noon in --source-tz, file order kept within a day',
  sampleHeader: 'TransactionDate,TransactionType,SecurityType,Symbol,Quantity,Amount,Price,Commission,Description',
  requiredColumns: REQUIRED,
  detect,
  read(input) {
    let account = '';
    const preamble = (record: CsvLine): void => {
      if (/^for account/i.test(record.cells[0]?.trim() ?? '')) account = record.cells[1]?.trim() ?? '';
    };
    const isHeader = (cells: readonly string[]): boolean => hasColumns(cells, REQUIRED) || hasColumns(cells, ACTIVITY_REQUIRED);
    const options = { required: REQUIRED, isHeader, title: 'E*TRADE transactions', preamble };
    return readTableInTimeOrder(input, options, 'newest-first', (row) => readTransaction(row, account));
  },
});
