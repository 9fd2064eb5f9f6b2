/**
 * TradeTally's trade export (Settings → Export trades → CSV). Layout from TradeTally's own source
 * (github.com/GeneBO98/tradetally, backend/src/controllers/trade.controller.js, `exportTradesToCSV`,
 * the `GET /api/trades/export/csv` the settings page calls): one row per trade,
 *
 *   Symbol,Side,Quantity,Entry Price,Exit Price,Entry Date,Exit Date,P&L,Fees,Commission,Notes,
 *   Strategy,Setup,Tags,Broker,Status,Instrument Type,Option Type,Strike Price,Expiration Date,Quality Grade
 *
 * Side is `long`/`short`; the dates are `YYYY-MM-DD` (the export writes no time of day); P&L is
 * TradeTally's own, net of fees and commission; Tags are joined with `; `; an open trade has no
 * exit price. The export has no stop or target.
 */
import { cellError } from '../../read/cell-error.js';
import type { HeaderRow } from '../../read/csv-records.js';
import { occSymbol, parseOccSymbol } from '../../../instruments/catalogue.js';
import { formatDateTime } from '../../values/plain.js';
import { wallClockToInstant } from '../../values/zoned-time.js';
import type { TradeImportInput } from '../trade-input.js';
import { defineFormat } from '../registry.js';
import type { FormatRecord, ReadOptions } from '../types.js';
import { amountCell, costsCell, dateCell, priceCell, requiredText, wallClockCell } from '../parts/cells.js';
import { assetFields, contentKeys, directionCell, journalTrade, setIfGiven, tagsCell } from '../parts/journal-trades.js';
import { tableRows, tableScore } from '../parts/table-rows.js';

const REQUIRED = ['Symbol', 'Side', 'Quantity', 'Entry Price', 'Exit Price', 'Entry Date', 'Exit Date', 'P&L'] as const;
const SIGNATURE = ['Fees', 'Commission', 'Strategy', 'Setup', 'Tags', 'Broker', 'Status', 'Instrument Type', 'Quality Grade'];
const ISO_DATE = ['yyyy-MM-dd'];

/** A date cell as noon of that day in `tz` (as other dates-only exports are read), as a UTC ISO date-time. */
function noonOf(row: HeaderRow, column: string, tz: string): string {
  return formatDateTime(wallClockToInstant({ ...wallClockCell(row, column, ISO_DATE), hour: 12 }, tz).ms);
}

/** The setup: Setup, else Strategy; a Strategy beside a different Setup becomes a tag. */
function setupAndTags(row: HeaderRow): { setupType?: string; tags: string[] } {
  const setup = row.get('Setup');
  const strategy = row.get('Strategy');
  const extra: string[] = [];
  if (setup !== '' && strategy !== '' && setup !== strategy) extra.push(strategy);
  const grade = row.get('Quality Grade');
  if (grade !== '') extra.push(`grade ${grade}`);
  const tags = tagsCell(row, 'Tags', extra);
  const setupType = setup !== '' ? setup : strategy;
  return setupType === '' ? { tags } : { setupType, tags };
}

/**
 * The option fields of an option row: the underlying is its Symbol; with the type, strike and
 * expiry all given, the instrument is the contract's compact OCC symbol, as other formats name it.
 */
function optionFields(row: HeaderRow): Partial<TradeImportInput> {
  const underlying = requiredText(row, 'Symbol');
  const out: Partial<TradeImportInput> = { underlying };
  const right = row.get('Option Type').toLowerCase();
  if (right === 'call' || right === 'put') out.right = right;
  if (row.get('Strike Price') !== '') out.strike = priceCell(row, 'Strike Price');
  if (row.get('Expiration Date') !== '') out.expiry = dateCell(row, 'Expiration Date', ISO_DATE);
  if (
    out.right !== undefined &&
    out.strike !== undefined &&
    out.expiry !== undefined &&
    parseOccSymbol(underlying) === undefined
  ) {
    out.instrument = occSymbol({ underlying, right: out.right, strike: out.strike, expiry: out.expiry });
  }
  return out;
}

function readTrade(row: HeaderRow, tz: string, keyOf: (input: TradeImportInput) => string): FormatRecord {
  const instrument = requiredText(row, 'Symbol');
  const positionSize = Math.abs(amountCell(row, 'Quantity'));
  if (positionSize === 0) throw cellError(row.line, 'Quantity', `"${row.get('Quantity')}" is not a quantity other than 0`);
  const input: TradeImportInput = {
    instrument,
    direction: directionCell(row, 'Side'),
    entryPrice: priceCell(row, 'Entry Price'),
    positionSize,
    entryTime: noonOf(row, 'Entry Date', tz),
  };
  const { setupType, tags } = setupAndTags(row);
  setIfGiven(input, 'setupType', setupType);
  setIfGiven(input, 'notes', row.get('Notes'));
  if (tags.length > 0) input.tags = tags;
  input.fees = costsCell(row, ['Fees', 'Commission']);
  const type = row.get('Instrument Type');
  Object.assign(input, assetFields(type, instrument), type.toLowerCase() === 'option' ? optionFields(row) : {});
  if (row.get('Exit Price') !== '') {
    input.exitPrice = priceCell(row, 'Exit Price');
    input.exitTime = noonOf(row, row.get('Exit Date') === '' ? 'Entry Date' : 'Exit Date', tz);
    input.result = amountCell(row, 'P&L');
  }
  setIfGiven(input, 'account', row.get('Broker'));
  return journalTrade(row, keyOf(input), input);
}

async function* read(input: Parameters<typeof tableRows>[0], options: ReadOptions): AsyncGenerator<FormatRecord[]> {
  const tz = options.sourceTz ?? 'UTC';
  const keyOf = contentKeys('tradetally');
  for await (const rows of tableRows(input, { required: REQUIRED, title: 'TradeTally trades' })) {
    yield rows.map((row) => readTrade(row, tz, keyOf));
  }
}

/** TradeTally's trade export: whole trades with TradeTally's P&L, notes, setup, strategy and tags. */
export const tradetallyTrades = defineFormat({
  name: 'tradetally-trades',
  broker: 'TradeTally',
  title: 'Trades export (journal)',
  exportHint: 'TradeTally: Settings → Export → Export trades (CSV)',
  reads:
    'whole trades: side, size, entry/exit price, TradeTally’s net P&L as the result, fees + commission, notes, setup (else strategy), tags, broker as the account, option details; no stops (the export has none)',
  timeRule: 'dates only (Entry Date, Exit Date): noon in --source-tz',
  sampleHeader: 'Symbol,Side,Quantity,Entry Price,Exit Price,Entry Date,Exit Date,P&L,Fees,Commission,Notes,Strategy,Setup,Tags',
  requiredColumns: REQUIRED,
  detect: (head) => tableScore(head, REQUIRED, SIGNATURE),
  read,
});
