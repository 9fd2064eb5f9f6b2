import { cellError } from '../../read/cell-error.js';
import { parseDateTime } from '../../values/plain.js';
import { parseAmount, sideOf } from '../../values/broker.js';
import type { HeaderRow } from '../../read/csv-records.js';
import { type OptionContract, parseFuturesContract, parseOccSymbol } from '../../../instruments/catalogue.js';
import { defineFormat } from '../registry.js';
import type { BrokerTime, InstrumentHints, PositionEffect } from '../types.js';
import { readTableInTimeOrder } from '../parts/buffered-table.js';
import {
  costCell,
  dateCell,
  parseWallClockAny,
  optionalAmountCell,
  unsignedQuantityCell,
  US_DATE_TIMES,
  US_DATES,
} from '../parts/cells.js';
import type { MaybeSidedFill, WarningRecord } from '../parts/closing-sides.js';
import { optionHints, type SymbolHints } from '../parts/symbol-hints.js';
import { tableScore } from '../parts/table-rows.js';
import { atDateOnlyHour } from '../parts/time-order.js';

const REQUIRED = [
  'Date',
  'Type',
  'Action',
  'Symbol',
  'Instrument Type',
  'Value',
  'Quantity',
  'Average Price',
  'Commissions',
  'Fees',
] as const;
const SIGNATURE = [
  'Description',
  'Sub Type',
  'Multiplier',
  'Root Symbol',
  'Underlying Symbol',
  'Expiration Date',
  'Strike Price',
  'Call or Put',
  'Order #',
  'Currency',
];
const PRICE_IN_DESCRIPTION = /@\s*(\$?[\d,]*\.?\d+)\s*$/;
const REMOVAL: [RegExp, PositionEffect][] = [
  [/expir/i, 'expired'],
  [/assign/i, 'assigned'],
  [/exercis/i, 'exercised'],
];

/** `2025-01-02T10:15:32-0500` (an instant), a local date-time, or a date alone (at the date-only hour). */
function timeOf(row: HeaderRow): BrokerTime {
  const raw = row.get('Date');
  const instant = parseDateTime(raw);
  if (instant.ok) return { utc: instant.value };
  const local = parseWallClockAny(raw, US_DATE_TIMES);
  if (local.ok) return { wall: local.value };
  const date = parseWallClockAny(raw, US_DATES);
  if (date.ok) return { wall: atDateOnlyHour(date.value) };
  throw cellError(row.line, 'Date', `"${raw}" is not a date-time such as 2025-01-02T10:15:32-0500 or a date such as 01/02/2025`);
}

/** The option details from the Expiration Date, Strike Price and Call or Put columns. */
function optionColumns(row: HeaderRow, underlying: string): OptionContract {
  const right = row.get('Call or Put').toUpperCase();
  if (!/^(CALL|PUT|C|P)$/.test(right)) throw cellError(row.line, 'Call or Put', `"${row.get('Call or Put')}" is not CALL or PUT`);
  const strike = Math.abs(optionalAmountCell(row, 'Strike Price'));
  if (strike === 0) throw cellError(row.line, 'Strike Price', `"${row.get('Strike Price')}" is not a strike`);
  return { underlying, expiry: dateCell(row, 'Expiration Date'), strike, right: right.startsWith('C') ? 'call' : 'put' };
}

/** The symbol and instrument hints of a row, by its Instrument Type. */
function instrumentOf(row: HeaderRow): SymbolHints {
  const raw = row.get('Symbol').replace(/\s+/g, ' ').trim();
  if (raw === '') throw cellError(row.line, 'Symbol', 'is blank');
  const type = row.get('Instrument Type');
  const currency = row.get('Currency');
  const withCurrency = (s: SymbolHints): SymbolHints => (currency === '' ? s : { ...s, hints: { ...s.hints, currency } });
  switch (type.toLowerCase()) {
    case 'equity':
      return withCurrency({ symbol: raw, hints: { assetClass: 'stock' } });
    case 'equity option': {
      const stated = Math.abs(optionalAmountCell(row, 'Multiplier'));
      const option = parseOccSymbol(raw) ?? optionColumns(row, row.get('Underlying Symbol') || row.get('Root Symbol'));
      return withCurrency(optionHints(option, stated > 0 ? stated : undefined));
    }
    case 'future':
      return withCurrency({ symbol: raw, hints: { assetClass: 'future' } });
    case 'future option': {
      const underlying = row.get('Underlying Symbol');
      const spec = parseFuturesContract(underlying)?.spec;
      if (spec === undefined) {
        throw cellError(
          row.line,
          'Underlying Symbol',
          `unknown futures root in "${underlying}": its options' point value is not known`,
        );
      }
      const hints: InstrumentHints = { assetClass: 'option', multiplier: spec.pointValue, ...optionColumns(row, underlying) };
      return withCurrency({ symbol: raw, hints });
    }
    case 'cryptocurrency':
      return withCurrency({ symbol: raw, hints: { assetClass: 'crypto' } });
    default:
      throw cellError(
        row.line,
        'Instrument Type',
        `"${type}" is not Equity, Equity Option, Future, Future Option or Cryptocurrency`,
      );
  }
}

/**
 * The price per unit: the `@ 1.23` that ends the description; else Average Price, which
 * tastytrade writes per contract for options (price × multiplier), so for options the reading
 * that Value (quantity × price × multiplier) agrees with is taken.
 */
function priceOf(row: HeaderRow, quantity: number, hints: InstrumentHints): number {
  const described = PRICE_IN_DESCRIPTION.exec(row.get('Description'));
  if (described !== null) {
    const p = parseAmount(described[1] as string);
    if (p.ok && p.value > 0) return p.value;
  }
  const average = Math.abs(optionalAmountCell(row, 'Average Price'));
  if (average === 0)
    throw cellError(row.line, 'Average Price', `"${row.get('Average Price')}" gives no price (nor does the description)`);
  if (hints.assetClass !== 'option') return average;
  const multiplier = hints.multiplier ?? 100;
  const implied = Math.abs(optionalAmountCell(row, 'Value')) / (quantity * multiplier);
  const perContract = average / multiplier;
  return implied > 0 && Math.abs(average - implied) < Math.abs(perContract - implied) ? average : perContract;
}

/** The expiration, assignment or exercise a Receive Deliver row of an option records, if any. */
function removalOf(row: HeaderRow, hints: InstrumentHints): PositionEffect | undefined {
  const description = row.get('Description');
  const removal = /^removal of/i.test(description) || hints.assetClass === 'option';
  if (!removal) return undefined;
  const text = `${row.get('Sub Type')} ${description}`;
  return REMOVAL.find(([pattern]) => pattern.test(text))?.[1];
}

/** One row: a fill (maybe without a side), a warning, or nothing (money movements). */
function readRow(row: HeaderRow): (MaybeSidedFill | WarningRecord)[] {
  const type = row.get('Type').toLowerCase();
  if (type === 'money movement') return [];
  if (type !== 'trade' && type !== 'receive deliver') {
    return [{ kind: 'warning', line: row.line, message: `a row of type "${row.get('Type')}" is not read` }];
  }
  const action = row.get('Action');
  const side = sideOf(action);
  const { symbol, hints } = instrumentOf(row);
  const removal = type === 'receive deliver' ? removalOf(row, hints) : undefined;
  if (removal === undefined && side === undefined) {
    if (type === 'trade') throw cellError(row.line, 'Action', `"${action}" is not Buy to Open, Sell to Close, …`);
    const what = row.get('Sub Type') || row.get('Description');
    return [
      { kind: 'warning', line: row.line, message: `Receive Deliver "${what}" of ${symbol} is not read (it is no buy or sell)` },
    ];
  }
  const quantity = unsignedQuantityCell(row, 'Quantity');
  const fill: MaybeSidedFill = {
    kind: 'fill',
    line: row.line,
    time: timeOf(row),
    symbol,
    quantity,
    price: removal === undefined ? priceOf(row, quantity, hints) : 0,
    commission: costCell(row, 'Commissions'),
    fees: costCell(row, 'Fees'),
    ...hints,
  };
  if (side !== undefined) fill.side = side;
  const effect = removal ?? (/to[ _]open/i.test(action) ? 'open' : /to[ _]close/i.test(action) ? 'close' : undefined);
  if (effect !== undefined) fill.effect = effect;
  const orderId = row.get('Order #');
  if (orderId !== '') fill.orderId = orderId;
  return [fill];
}

/**
 * tastytrade's transaction history: trades (Buy to Open, Sell to Close, …) of equities, equity
 * options, futures and futures options; Receive Deliver rows for expirations, assignments and
 * exercises (which close whatever the file opened) and stock deliveries; money movements
 * skipped. Newest first as tastytrade writes it, or oldest first.
 */
export const tastytradeTransactions = defineFormat({
  name: 'tastytrade-transactions',
  broker: 'tastytrade',
  title: 'Transactions',
  exportHint: 'tastytrade: History → Transactions → choose the dates → CSV',
  reads:
    'trades, expirations, assignments and deliveries of equities, options, futures and futures options, with commissions and fees',
  timeRule: 'ISO times with their offset; dates alone at noon in --source-tz',
  sampleHeader:
    'Date,Type,Sub Type,Action,Symbol,Instrument Type,Description,Value,Quantity,Average Price,Commissions,Fees,Multiplier,Root Symbol,Underlying Symbol,Expiration Date,Strike Price,Call or Put,Order #,Currency',
  requiredColumns: REQUIRED,
  detect: (head) => tableScore(head, REQUIRED, SIGNATURE),
  read: (input) => readTableInTimeOrder(input, { required: REQUIRED, title: 'tastytrade transactions' }, 'newest-first', readRow),
});
