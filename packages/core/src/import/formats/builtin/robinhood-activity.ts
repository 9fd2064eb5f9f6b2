import { cellError } from '../../read/cell-error.js';
import { parseAmount } from '../../values/broker.js';
import type { HeaderRow } from '../../read/csv-records.js';
import type { OptionContract } from '../../../instruments/catalogue.js';
import { defineFormat } from '../registry.js';
import type { PositionEffect } from '../types.js';
import { readTableInTimeOrder } from '../parts/buffered-table.js';
import { feesInCash } from '../parts/cash-fees.js';
import { optionalAmountCell, priceCell, US_DATES, wallClockCell } from '../parts/cells.js';
import type { MaybeSidedFill, WarningRecord } from '../parts/closing-sides.js';
import { optionHints, type SymbolHints } from '../parts/symbol-hints.js';
import { tableScore } from '../parts/table-rows.js';
import { atDateOnlyHour } from '../parts/time-order.js';

const REQUIRED = ['Activity Date', 'Instrument', 'Description', 'Trans Code', 'Quantity', 'Price', 'Amount'] as const;
const SIGNATURE = ['Process Date', 'Settle Date'];
const MULTIPLIER = 100;
/** Trade codes: side and position effect. */
const TRADES: Record<string, { side: 'buy' | 'sell'; effect?: PositionEffect; option: boolean }> = {
  BUY: { side: 'buy', option: false },
  SELL: { side: 'sell', option: false },
  BTO: { side: 'buy', effect: 'open', option: true },
  BTC: { side: 'buy', effect: 'close', option: true },
  STO: { side: 'sell', effect: 'open', option: true },
  STC: { side: 'sell', effect: 'close', option: true },
};
/** Codes that close an option position without a side: expiration, assignment, exercise. */
const CLOSINGS: Record<string, PositionEffect> = { OEXP: 'expired', OASGN: 'assigned', OEXCS: 'exercised' };
/** `SPY 3/21/2025 Call $570.00`, also inside `Option Expiration for SPY 3/21/2025 Call $570.00`. */
const OPTION_DESCRIPTION = /\b([A-Z][A-Z0-9.]{0,9})\s+(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(Call|Put)\s+\$?([\d,]*\.?\d+)/i;

/** The option a description names, or an error naming the description. */
function optionOf(row: HeaderRow): SymbolHints {
  const description = row.get('Description');
  const m = OPTION_DESCRIPTION.exec(description);
  const strike = m === null ? undefined : parseAmount(m[6] as string);
  const [month, day, year] = m === null ? [] : [m[2], m[3], m[4]].map((s) => (s as string).padStart(2, '0'));
  if (m === null || strike === undefined || !strike.ok || strike.value <= 0) {
    throw cellError(row.line, 'Description', `"${description}" does not name an option like "SPY 3/21/2025 Call $570.00"`);
  }
  const right: OptionContract['right'] = (m[5] as string).toLowerCase() === 'call' ? 'call' : 'put';
  return optionHints(
    { underlying: (m[1] as string).toUpperCase(), expiry: `${year}-${month}-${day}`, right, strike: strike.value },
    MULTIPLIER,
  );
}

/** Quantity without sign, also with the `S` Robinhood appends on some non-cash rows (`8S`). */
function quantityOf(row: HeaderRow): number {
  const raw = row.get('Quantity');
  const q = parseAmount(raw.replace(/S$/i, ''));
  if (!q.ok || q.value === 0) throw cellError(row.line, 'Quantity', `"${raw}" is not a quantity greater than 0`);
  return Math.abs(q.value);
}

/** A trade code row: a fill with the fees Amount holds beyond quantity × price. */
function readTrade(row: HeaderRow, trade: (typeof TRADES)[string]): MaybeSidedFill {
  const { symbol, hints } = trade.option
    ? optionOf(row)
    : { symbol: row.get('Instrument'), hints: { assetClass: 'stock' as const } };
  if (symbol === '') throw cellError(row.line, 'Instrument', 'is blank');
  const quantity = quantityOf(row);
  const price = priceCell(row, 'Price');
  const fill: MaybeSidedFill = {
    kind: 'fill',
    line: row.line,
    time: timeOf(row),
    symbol,
    side: trade.side,
    quantity,
    price,
    ...hints,
  };
  if (trade.effect !== undefined) fill.effect = trade.effect;
  const amount = optionalAmountCell(row, 'Amount', Number.NaN);
  if (!Number.isNaN(amount)) {
    const gross = quantity * price * (trade.option ? MULTIPLIER : 1) * (trade.side === 'buy' ? -1 : 1);
    const fees = feesInCash(gross, amount);
    if (fees === undefined)
      throw cellError(row.line, 'Amount', `"${row.get('Amount')}" has the wrong sign for a ${row.get('Trans Code')}`);
    fill.fees = fees;
  }
  return fill;
}

function timeOf(row: HeaderRow): MaybeSidedFill['time'] {
  return { wall: atDateOnlyHour(wallClockCell(row, 'Activity Date', US_DATES)) };
}

/** One row: a trade, an option closing without side, a warning, or nothing (cash rows, the footer). */
function readRow(row: HeaderRow): (MaybeSidedFill | WarningRecord)[] {
  const code = row.get('Trans Code').toUpperCase();
  if (code === '') return [];
  const trade = TRADES[code];
  if (trade !== undefined) return [readTrade(row, trade)];
  const effect = CLOSINGS[code];
  if (effect !== undefined) {
    const { symbol, hints } = optionOf(row);
    return [{ kind: 'fill', line: row.line, time: timeOf(row), symbol, quantity: quantityOf(row), price: 0, effect, ...hints }];
  }
  if (row.get('Quantity') === '' || row.get('Instrument') === '') return [];
  const message = `code ${code} changes the position in ${row.get('Instrument')} and is not read: adjust that position by hand`;
  return [{ kind: 'warning', line: row.line, message }];
}

/**
 * Robinhood's account activity report: stock trades (Buy, Sell), option trades (BTO, STO, BTC,
 * STC, the contract read from the description) and option expirations, assignments and exercises
 * (OEXP, OASGN, OEXCS), which close whatever the file opened. Dates only, newest first; fees
 * are what Amount holds beyond quantity × price. Dividends, transfers and the disclaimer footer
 * are skipped.
 */
export const robinhoodActivity = defineFormat({
  name: 'robinhood-activity',
  broker: 'Robinhood',
  title: 'Account activity',
  exportHint: 'Robinhood: Account → Reports and statements → Reports → Account activity (CSV)',
  reads: 'stock and option trades, option expirations/assignments/exercises; fees netted in Amount',
  timeRule: 'dates only: noon in --source-tz, file order kept within a day',
  sampleHeader:
    '"Activity Date","Process Date","Settle Date","Instrument","Description","Trans Code","Quantity","Price","Amount"',
  requiredColumns: REQUIRED,
  detect: (head) => tableScore(head, REQUIRED, SIGNATURE),
  read: (input) => readTableInTimeOrder(input, { required: REQUIRED, title: 'Robinhood activity' }, 'newest-first', readRow),
});
