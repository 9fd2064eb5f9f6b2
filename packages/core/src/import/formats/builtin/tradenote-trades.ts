/**
 * TradeNote's trade export (the filter bar's Export → CSV). Layout from TradeNote's own source
 * (github.com/Eleven-Trading/TradeNote): `useExport` in src/utils/utils.js writes the keys of the
 * first trade object as the header and each trade's values, `;`-separated and unquoted; the trade
 * objects are built in src/utils/addTrades.js (`temp7`: id, account, broker, td, currency, type,
 * side, strategy, buyQuantity, sellQuantity, symbol, symbolOriginal, entryTime, exitTime,
 * entryPrice, exitPrice, commission…, grossProceeds, netProceeds…, note, executions, openPosition)
 * and src/utils/trades.js adds tags, satisfaction, stopLoss, maePrice and mfePrice.
 *
 * What the values mean there: `strategy` is long or short; times are Unix seconds; `entryPrice`
 * is the first execution's price and `exitPrice` the last one's (not averages), so the trade's
 * money is TradeNote's `grossProceeds` (gross P&L) and `netProceeds` (net of commission and
 * fees); `id` (`t<entry time>_<symbol>_<type>_B|SS`) is stable. Tags are objects, which the CSV
 * writes as `[object Object]`: tags cannot be read from it (its JSON export has them).
 */
import type { HeaderRow } from '../../read/csv-records.js';
import { fromMicros, toMicros } from '../../../shared/money.js';
import type { TradeImportInput } from '../trade-input.js';
import { defineFormat } from '../registry.js';
import type { FormatRecord, ReadOptions } from '../types.js';
import { amountCell, priceCell, requiredText } from '../parts/cells.js';
import { assetFields, directionCell, journalTrade, setIfGiven, unixSecondsCell } from '../parts/journal-trades.js';
import { tableRows, tableScore } from '../parts/table-rows.js';

const REQUIRED = [
  'id',
  'symbol',
  'strategy',
  'buyQuantity',
  'sellQuantity',
  'entryTime',
  'exitTime',
  'entryPrice',
  'exitPrice',
  'grossProceeds',
  'netProceeds',
] as const;
const SIGNATURE = ['account', 'broker', 'td', 'currency', 'type', 'side', 'symbolOriginal', 'executions', 'openPosition', 'note'];

/** True when TradeNote left the trade open (its `openPosition`, or no exit time). */
function isOpen(row: HeaderRow): boolean {
  const exit = row.get('exitTime');
  return row.get('openPosition').toLowerCase() === 'true' || exit === '' || exit === '0';
}

/** The stop TradeNote's excursions recorded, when it is a price (`null` and 0 are none). */
function stopOf(row: HeaderRow): number | undefined {
  const raw = row.get('stopLoss');
  if (raw === '' || raw === 'null' || raw === '0') return undefined;
  return priceCell(row, 'stopLoss');
}

function readTrade(row: HeaderRow): FormatRecord[] {
  const direction = directionCell(row, 'strategy');
  const symbol = row.get('symbolOriginal') !== '' ? row.get('symbolOriginal') : requiredText(row, 'symbol');
  const input: TradeImportInput = {
    instrument: symbol,
    direction,
    entryPrice: priceCell(row, 'entryPrice'),
    positionSize: Math.abs(amountCell(row, direction === 'long' ? 'buyQuantity' : 'sellQuantity')),
    entryTime: unixSecondsCell(row, 'entryTime'),
  };
  setIfGiven(input, 'stopLoss', stopOf(row));
  setIfGiven(input, 'notes', row.get('note'));
  Object.assign(input, assetFields(row.get('type'), symbol));
  setIfGiven(input, 'currency', row.get('currency').toUpperCase());
  setIfGiven(input, 'account', row.get('account'));
  if (!isOpen(row)) {
    const gross = toMicros(amountCell(row, 'grossProceeds'));
    const net = toMicros(amountCell(row, 'netProceeds'));
    input.exitPrice = priceCell(row, 'exitPrice');
    input.exitTime = unixSecondsCell(row, 'exitTime');
    input.fees = fromMicros(Math.max(0, gross - net));
    input.result = fromMicros(net);
  }
  const account = row.get('account');
  return [journalTrade(row, `tradenote:${account}:${requiredText(row, 'id')}`, input)];
}

async function* read(input: Parameters<typeof tableRows>[0], _options: ReadOptions): AsyncGenerator<FormatRecord[]> {
  let warned = false;
  for await (const rows of tableRows(input, { required: REQUIRED, title: 'TradeNote trades' })) {
    const out: FormatRecord[] = [];
    for (const row of rows) {
      if (!warned && row.get('tags').includes('[object Object]')) {
        warned = true;
        out.push({
          kind: 'warning',
          line: row.line,
          code: 'format',
          message: 'TradeNote’s CSV writes tags as [object Object]: its tags are not in this file (they are in its JSON export)',
        });
      }
      out.push(...readTrade(row));
    }
    yield out;
  }
}

/** TradeNote's trade export: whole trades with TradeNote's net P&L, notes and stops. */
export const tradenoteTrades = defineFormat({
  name: 'tradenote-trades',
  broker: 'TradeNote',
  title: 'Trades export (journal)',
  exportHint: 'TradeNote: the filter bar → Export → CSV (semicolon-separated)',
  reads:
    'whole trades: long/short, size, first entry and last exit price, TradeNote’s net P&L as the result (gross − net as fees), note, stop, account, currency; not tags (the CSV writes them as [object Object])',
  timeRule: 'UTC (Unix seconds)',
  sampleHeader:
    'id;account;broker;td;currency;type;side;strategy;buyQuantity;sellQuantity;symbol;entryTime;exitTime;entryPrice;exitPrice',
  requiredColumns: REQUIRED,
  detect: (head) => tableScore(head, REQUIRED, SIGNATURE),
  read,
});
