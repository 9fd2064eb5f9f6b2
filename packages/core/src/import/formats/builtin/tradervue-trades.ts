/**
 * Tradervue's trade export (the Trades view → Export, a CSV of one row per trade). Tradervue is
 * closed; its help pages document only its import formats, so the layout comes from public
 * programs that read or mimic the exported file (named in docs/decisions.md, "Other journals'
 * exports"), which agree on the header
 *
 *   Open Datetime,Close Datetime,Symbol,Side,Volume,Exec Count,Entry Price,Exit Price,Gross P&L,
 *   Gross P&L (%),Shared,Notes,Tags,Gross P&L (t),Net P&L,Commissions,Fees,Initial Risk,P&L (R),
 *   Position MFE,Position MAE,Price MFE,Price MAE,… MFE/MAE Datetime,Best Exit P&L,Best Exit Datetime
 *
 * (without Net P&L, Commissions, Fees, Initial Risk, P&L (R) and Best Exit on accounts without
 * commission data), Side `L`/`S`, date-times `YYYY-MM-DD HH:MM:SS`. Volume counts both sides of
 * the trade, as Tradervue's API documentation shows (github.com/tradervue/api-docs, trades.md: a
 * trade of volume 160 whose Position MFE 43.20 is its Price MFE 0.54 × 80 shares), so a closed
 * trade's size is Volume ÷ 2. Initial Risk is money, not a price: the stop it implies is kept.
 */
import { fromMicros, toMicros } from '../../../shared/money.js';
import { cellError } from '../../read/cell-error.js';
import type { HeaderRow } from '../../read/csv-records.js';
import { parseFuturesContract, parseOccSymbol } from '../../../instruments/catalogue.js';
import { formatDateTime, parseTags, round10 } from '../../values/plain.js';
import { wallClockToInstant } from '../../values/zoned-time.js';
import type { TradeImportInput } from '../trade-input.js';
import { defineFormat } from '../registry.js';
import type { FormatRecord, ReadOptions } from '../types.js';
import {
  amountCell,
  cellValue,
  optionalAmountCell,
  priceCell,
  requiredText,
  US_DATE_TIMES,
  wallClockCell,
} from '../parts/cells.js';
import { contentKeys, journalTrade, setIfGiven } from '../parts/journal-trades.js';
import { tableRows, tableScore } from '../parts/table-rows.js';

const REQUIRED = [
  'Open Datetime',
  'Close Datetime',
  'Symbol',
  'Side',
  'Volume',
  'Entry Price',
  'Exit Price',
  'Gross P&L',
] as const;
const SIGNATURE = [
  'Exec Count',
  'Gross P&L (%)',
  'Shared',
  'Notes',
  'Tags',
  'Gross P&L (t)',
  'Net P&L',
  'Commissions',
  'Fees',
  'Initial Risk',
  'P&L (R)',
  'Position MFE',
  'Position MAE',
  'Price MFE',
  'Price MAE',
];

/** Tradervue's side: `L`/`S` (or the words). */
function directionOf(row: HeaderRow): 'long' | 'short' {
  const s = row.get('Side').toLowerCase();
  if (s === 'l' || s === 'long') return 'long';
  if (s === 's' || s === 'short') return 'short';
  throw cellError(row.line, 'Side', `"${row.get('Side')}" is not L or S`);
}

/** A date-time cell in `tz`, as a UTC ISO date-time. */
function timeCell(row: HeaderRow, column: string, tz: string): string {
  return formatDateTime(wallClockToInstant(wallClockCell(row, column, US_DATE_TIMES), tz).ms);
}

/** What the symbol says of the instrument: an OCC option symbol or a catalogued future; else nothing. */
function instrumentFields(symbol: string): Partial<TradeImportInput> {
  const option = parseOccSymbol(symbol);
  if (option !== undefined) {
    const { underlying, right, strike, expiry } = option;
    return { assetClass: 'option', multiplier: 100, underlying, right, strike, expiry };
  }
  const future = parseFuturesContract(symbol);
  if (future?.spec !== undefined) return { assetClass: 'future', underlying: future.root, multiplier: future.spec.pointValue };
  return {};
}

/** The Tags cell: Tradervue's tags are single words, split on blanks, commas or semicolons. */
function tagsOf(row: HeaderRow): string[] {
  return cellValue(row, 'Tags', parseTags(row.get('Tags').replace(/[\s,]+/g, ';')));
}

/** The stop Initial Risk implies: the price `risk` away from the entry over the whole position. */
function stopOf(row: HeaderRow, input: TradeImportInput): number | undefined {
  const risk = optionalAmountCell(row, 'Initial Risk', 0);
  if (!(risk > 0)) return undefined;
  const perUnit = risk / (input.positionSize * (input.multiplier ?? 1));
  const stop = round10(input.direction === 'long' ? input.entryPrice - perUnit : input.entryPrice + perUnit);
  return stop > 0 ? stop : undefined;
}

function readTrade(row: HeaderRow, tz: string, keyOf: (input: TradeImportInput) => string): FormatRecord {
  const instrument = requiredText(row, 'Symbol');
  const volume = Math.abs(amountCell(row, 'Volume'));
  if (volume === 0) throw cellError(row.line, 'Volume', `"${row.get('Volume')}" is not a volume other than 0`);
  const closed = row.get('Exit Price') !== '' && row.get('Close Datetime') !== '';
  const input: TradeImportInput = {
    instrument,
    direction: directionOf(row),
    entryPrice: priceCell(row, 'Entry Price'),
    positionSize: closed ? volume / 2 : volume,
    entryTime: timeCell(row, 'Open Datetime', tz),
  };
  Object.assign(input, instrumentFields(instrument));
  setIfGiven(input, 'stopLoss', stopOf(row, input));
  setIfGiven(input, 'notes', row.get('Notes'));
  const tags = tagsOf(row);
  if (tags.length > 0) input.tags = tags;
  if (closed) {
    const gross = toMicros(amountCell(row, 'Gross P&L'));
    const net = row.get('Net P&L') === '' ? gross : toMicros(amountCell(row, 'Net P&L'));
    input.exitPrice = priceCell(row, 'Exit Price');
    input.exitTime = timeCell(row, 'Close Datetime', tz);
    input.fees = fromMicros(Math.max(0, gross - net));
    input.result = fromMicros(net);
  }
  return journalTrade(row, keyOf(input), input);
}

async function* read(input: Parameters<typeof tableRows>[0], options: ReadOptions): AsyncGenerator<FormatRecord[]> {
  const tz = options.sourceTz ?? 'UTC';
  const keyOf = contentKeys('tradervue');
  for await (const rows of tableRows(input, { required: REQUIRED, title: 'Tradervue trades' })) {
    yield rows.map((row) => readTrade(row, tz, keyOf));
  }
}

/** Tradervue's trade export: whole trades with Tradervue's net P&L, notes, tags and the stop its initial risk implies. */
export const tradervueTrades = defineFormat({
  name: 'tradervue-trades',
  broker: 'Tradervue',
  title: 'Trades export (journal)',
  exportHint: 'Tradervue: Trades → Export (CSV)',
  reads:
    'whole trades: L/S, size (Volume ÷ 2: Tradervue counts both sides), entry/exit price, Tradervue’s Net P&L as the result (else Gross P&L; gross − net as fees), notes, tags, the stop Initial Risk implies; options and futures from their symbols',
  timeRule: 'Open/Close Datetime in --source-tz (the time zone set in Tradervue)',
  sampleHeader: 'Open Datetime,Close Datetime,Symbol,Side,Volume,Exec Count,Entry Price,Exit Price,Gross P&L,Notes,Tags,Net P&L',
  requiredColumns: REQUIRED,
  detect: (head) => tableScore(head, REQUIRED, SIGNATURE),
  read,
});
