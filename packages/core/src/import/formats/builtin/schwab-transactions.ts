import { cellError } from '../../read/cell-error.js';
import { parseWallClock } from '../../values/broker.js';
import type { HeaderRow } from '../../read/csv-records.js';
import { parseSchwabOptionSymbol } from '../../../instruments/catalogue.js';
import { defineFormat } from '../registry.js';
import type { PositionEffect, WallClock } from '../types.js';
import { readTableInTimeOrder } from '../parts/buffered-table.js';
import { amountCell, optionalAmountCell } from '../parts/cells.js';
import type { MaybeSidedFill } from '../parts/closing-sides.js';
import { optionHints } from '../parts/symbol-hints.js';
import { tableScore } from '../parts/table-rows.js';
import { atDateOnlyHour } from '../parts/time-order.js';

const COLUMNS = ['Date', 'Action', 'Symbol', 'Description', 'Quantity', 'Price', 'Fees & Comm', 'Amount'] as const;
const REQUIRED = ['Date', 'Action', 'Symbol', 'Quantity', 'Price'] as const;

/** Trade actions: the side (none for events that close a position: it is the side that closes it) and the effect. */
const ACTIONS: Record<string, { side?: 'buy' | 'sell'; effect?: PositionEffect }> = {
  buy: { side: 'buy' },
  sell: { side: 'sell' },
  'reinvest shares': { side: 'buy' },
  'buy to open': { side: 'buy', effect: 'open' },
  'sell to open': { side: 'sell', effect: 'open' },
  'buy to close': { side: 'buy', effect: 'close' },
  'sell to close': { side: 'sell', effect: 'close' },
  'sell short': { side: 'sell', effect: 'open' },
  'buy to cover': { side: 'buy', effect: 'close' },
  expired: { effect: 'expired' },
  assigned: { effect: 'assigned' },
  'exchange or exercise': { effect: 'exercised' },
};

/** `03/14/2025`, or `03/14/2025 as of 03/13/2025` (the trade's date is the "as of" one). */
function dayOf(row: HeaderRow): WallClock {
  const raw = row.get('Date');
  const written = raw.split(/\s+as of\s+/i).pop() as string;
  const day = parseWallClock(written, 'MM/dd/yyyy');
  if (!day.ok) throw cellError(row.line, 'Date', `"${raw}" is not a date like 03/14/2025`);
  return day.value;
}

/** The fill of a trade row (closing events without their side yet); nothing for other activity. */
function fillOf(row: HeaderRow, account: string): MaybeSidedFill[] {
  const action = ACTIONS[row.get('Action').toLowerCase()];
  if (action === undefined) return [];
  const symbol = row.get('Symbol');
  if (symbol === '') throw cellError(row.line, 'Symbol', 'is empty on a trade row');
  const option = parseSchwabOptionSymbol(symbol);
  const instrument =
    option === undefined
      ? { symbol, hints: { assetClass: symbol.startsWith('/') ? 'future' : 'stock' } as const }
      : optionHints(option);
  const fill: MaybeSidedFill = {
    kind: 'fill',
    line: row.line,
    time: { wall: atDateOnlyHour(dayOf(row)) },
    account,
    symbol: instrument.symbol,
    ...instrument.hints,
    quantity: Math.abs(amountCell(row, 'Quantity')),
    price: action.side === undefined ? optionalAmountCell(row, 'Price') : amountCell(row, 'Price'),
    commission: Math.abs(optionalAmountCell(row, 'Fees & Comm')),
  };
  if (action.side !== undefined) fill.side = action.side;
  if (action.effect !== undefined) fill.effect = action.effect;
  return [fill];
}

/**
 * Schwab's transaction history (schwab.com): the trades among all account activity, by date. Read
 * whole: the file is put in time order (newest first as Schwab writes it, told from its dates),
 * and expirations, assignments and exercises close what the earlier rows opened.
 */
export const schwabTransactions = defineFormat({
  name: 'schwab-transactions',
  broker: 'Charles Schwab',
  title: 'Transactions (history export)',
  exportHint: 'schwab.com → Accounts → History → Transactions → Export (CSV)',
  reads:
    'Buy/Sell, Buy/Sell to Open/Close, Sell Short, Buy to Cover, Reinvest Shares, Expired, Assigned, Exercise; other activity skipped',
  timeRule: 'dates only: noon in --source-tz; rows of one date in the order they happened',
  sampleHeader: '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"',
  requiredColumns: REQUIRED,
  detect: (head) => (tableScore(head, COLUMNS, COLUMNS) > 0 ? 0.9 : 0),
  read(input) {
    let account = '';
    const preamble = (record: { cells: string[] }) => {
      const title = /\bfor account\s+(?:\w+\s+)?(\S*\d\S*)/i.exec(record.cells[0] ?? '');
      if (title !== null) account = title[1] as string;
    };
    return readTableInTimeOrder(input, { required: REQUIRED, title: 'Schwab transactions', preamble }, 'newest-first', (row) =>
      fillOf(row, account),
    );
  },
});
