/**
 * TraderSync's trade export (`trade_data.csv`, one row per trade). TraderSync is closed and does
 * not document the file; the layout comes from public importers of it (named in
 * docs/decisions.md, "Other journals' exports"), which agree on the header
 *
 *   Status,Symbol,Size,Open Date,Close Date,Open Time,Close Time,Setups,Mistakes,Entry Price,
 *   Exit Price,Return $,Return %,Avg Buy,Avg Sell,Net Return,Commision,Notes,Expire,Strike,Type,
 *   Side,Spread,Cost,Executions,Fees,Swap,Holdtime,Last Order,Portfolio,…,R-Multiple,…
 *
 * (`Commision` is TraderSync's spelling), Status `WIN`/`LOSS`/`BREAKEVEN`/`OPEN`, Side
 * `LONG`/`SHORT`, Type `SHARE`/`OPTION`…, dates `Feb 12, 2026`, times `10:30:00`, money `$150.00`.
 * Return $ is the gross P&L and Net Return the net one. One importer also reads the per-trade
 * plan columns `stop1` and `target1`, kept as the stop and target when present.
 */
import { cellError } from '../../read/cell-error.js';
import type { HeaderRow } from '../../read/csv-records.js';
import { formatDateTime, MAX_TAGS, parseTags } from '../../values/plain.js';
import { wallClockToInstant } from '../../values/zoned-time.js';
import type { TradeImportInput } from '../trade-input.js';
import { defineFormat } from '../registry.js';
import type { FormatRecord, ReadOptions, WallClock } from '../types.js';
import {
  amountCell,
  CLOCK_TIMES,
  cellValue,
  costsCell,
  priceCell,
  requiredText,
  US_DATES,
  wallClockCell,
} from '../parts/cells.js';
import { assetFields, contentKeys, directionCell, journalTrade, setIfGiven } from '../parts/journal-trades.js';
import { tableRows, tableScore } from '../parts/table-rows.js';

const REQUIRED = [
  'Status',
  'Symbol',
  'Size',
  'Open Date',
  'Close Date',
  'Open Time',
  'Close Time',
  'Entry Price',
  'Exit Price',
  'Return $',
  'Net Return',
  'Side',
] as const;
const SIGNATURE = [
  'Setups',
  'Mistakes',
  'Return %',
  'Avg Buy',
  'Avg Sell',
  'Commision',
  'Notes',
  'Type',
  'Spread',
  'Cost',
  'Executions',
  'Holdtime',
  'Portfolio',
  'R-Multiple',
];
/** TraderSync's dates (`Feb 12, 2026`), as a spreadsheet re-saves them (`12-Feb-26`), or US/ISO dates. */
const DATES = ['MMM d, yyyy', 'd-MMM-yy', 'd-MMM-yyyy', ...US_DATES];

/** A date column plus a time column in `tz`, as a UTC ISO date-time. */
function timeOf(row: HeaderRow, dateColumn: string, timeColumn: string, tz: string): string {
  const date = wallClockCell(row, dateColumn, DATES);
  const w: WallClock =
    row.get(timeColumn) === '' ? { ...date, hour: 12 } : { ...date, ...clockOf(wallClockCell(row, timeColumn, CLOCK_TIMES)) };
  return formatDateTime(wallClockToInstant(w, tz).ms);
}

function clockOf(t: WallClock): Pick<WallClock, 'hour' | 'minute' | 'second' | 'millisecond'> {
  return { hour: t.hour, minute: t.minute, second: t.second, millisecond: t.millisecond };
}

/** A list cell (`Breakout, VWAP`) as its items. */
function listCell(row: HeaderRow, column: string): string[] {
  return cellValue(row, column, parseTags(row.get(column).replace(/,/g, ';')));
}

/** The setup (the first of Setups) and the tags (the other setups, then the mistakes). */
function setupAndTags(row: HeaderRow): { setupType?: string; tags: string[] } {
  const [setupType, ...others] = listCell(row, 'Setups');
  const tags = [...new Set([...others, ...listCell(row, 'Mistakes')])];
  if (tags.length > MAX_TAGS) throw cellError(row.line, 'Mistakes', `at most ${MAX_TAGS} tags, found ${tags.length}`);
  return setupType === undefined ? { tags } : { setupType, tags };
}

/** The instrument fields of TraderSync's Type; an option's strike and expiry from Strike and Expire. */
function typeFields(row: HeaderRow, symbol: string): Partial<TradeImportInput> {
  const type = row.get('Type').toLowerCase();
  const out = assetFields(type === 'share' || type === 'shares' ? 'stock' : type, symbol);
  if (out.assetClass !== 'option') return out;
  out.underlying = symbol;
  if (row.get('Strike') !== '') out.strike = priceCell(row, 'Strike');
  if (row.get('Expire') !== '') {
    const w = wallClockCell(row, 'Expire', DATES);
    out.expiry = `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
  }
  return out;
}

function readTrade(row: HeaderRow, tz: string, keyOf: (input: TradeImportInput) => string): FormatRecord {
  const instrument = requiredText(row, 'Symbol');
  const positionSize = Math.abs(amountCell(row, 'Size'));
  if (positionSize === 0) throw cellError(row.line, 'Size', `"${row.get('Size')}" is not a size other than 0`);
  const input: TradeImportInput = {
    instrument,
    direction: directionCell(row, 'Side'),
    entryPrice: priceCell(row, 'Entry Price'),
    positionSize,
    entryTime: timeOf(row, 'Open Date', 'Open Time', tz),
  };
  Object.assign(input, typeFields(row, instrument));
  if (row.get('stop1') !== '') input.stopLoss = priceCell(row, 'stop1');
  if (row.get('target1') !== '') input.takeProfit = priceCell(row, 'target1');
  const { setupType, tags } = setupAndTags(row);
  setIfGiven(input, 'setupType', setupType);
  if (tags.length > 0) input.tags = tags;
  setIfGiven(input, 'notes', row.get('Notes'));
  input.fees = costsCell(row, ['Commision', 'Fees']);
  const open = row.get('Status').toUpperCase() === 'OPEN' || row.get('Exit Price') === '';
  if (!open) {
    input.exitPrice = priceCell(row, 'Exit Price');
    input.exitTime = timeOf(row, row.get('Close Date') === '' ? 'Open Date' : 'Close Date', 'Close Time', tz);
    input.result = amountCell(row, row.get('Net Return') === '' ? 'Return $' : 'Net Return');
  }
  setIfGiven(input, 'account', row.get('Portfolio'));
  return journalTrade(row, keyOf(input), input);
}

async function* read(input: Parameters<typeof tableRows>[0], options: ReadOptions): AsyncGenerator<FormatRecord[]> {
  const tz = options.sourceTz ?? 'UTC';
  const keyOf = contentKeys('tradersync');
  for await (const rows of tableRows(input, { required: REQUIRED, title: 'TraderSync trades' })) {
    yield rows.map((row) => readTrade(row, tz, keyOf));
  }
}

/** TraderSync's trade export: whole trades with TraderSync's net return, notes, setups, mistakes and stops. */
export const tradersyncTrades = defineFormat({
  name: 'tradersync-trades',
  broker: 'TraderSync',
  title: 'Trades export (journal)',
  exportHint: 'TraderSync: its trade export (trade_data.csv)',
  reads:
    'whole trades: side, size, entry/exit price, TraderSync’s Net Return as the result, Commision + Fees, notes, the first setup (the others and the mistakes as tags), portfolio as the account, stop1/target1 when present, option strike and expiry (no put/call: the export has none)',
  timeRule: 'Open/Close Date + Time in --source-tz',
  sampleHeader:
    'Status,Symbol,Size,Open Date,Close Date,Open Time,Close Time,Setups,Mistakes,Entry Price,Exit Price,Return $,Net Return',
  requiredColumns: REQUIRED,
  detect: (head) => tableScore(head, REQUIRED, SIGNATURE),
  read,
});
