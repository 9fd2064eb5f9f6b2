import { defineFormat } from '../registry.js';
import type { FormatWarning } from '../types.js';
import { headedRows, headerDetect } from '../parts/header-rows.js';
import { type Pair, pairFills } from '../parts/paired-fills.js';
import { type TradovatePairColumns, tradovatePair } from '../parts/tradovate-pairs.js';

const COLUMNS: TradovatePairColumns = {
  symbol: 'Contract',
  buyFillId: 'Buy Fill ID',
  sellFillId: 'Sell Fill ID',
  qty: 'Paired Qty',
  buyPrice: 'Buy Price',
  sellPrice: 'Sell Price',
  pnl: 'P/L',
  bought: 'Bought Timestamp',
  sold: 'Sold Timestamp',
};
const REQUIRED = Object.values(COLUMNS);
const SIGNATURE = [...REQUIRED, 'Position ID', 'Pair ID', 'Net Pos', 'Avg. Buy', 'Avg. Sell', 'Account', 'Currency'];

/**
 * Tradovate's Position History export: per position, one row per FIFO pair (Pair ID, Buy/Sell
 * Fill ID, Paired Qty, prices, gross P/L, naive Bought/Sold Timestamp). Each pair becomes its
 * entry and exit fills. A position row without pairs is skipped, with a warning when its Net
 * Pos says it is still open (its unpaired fills are not in this export).
 */
export const tradovatePositionHistory = defineFormat({
  name: 'tradovate-position-history',
  broker: 'Tradovate',
  title: 'Position History',
  exportHint: 'Account Reports → Position History → Download CSV',
  reads: 'FIFO-paired trades per position with gross P/L, account and currency; no commissions in this export',
  timeRule: 'naive (Bought Timestamp/Sold Timestamp): read in --source-tz',
  sampleHeader:
    'Position ID,Timestamp,Trade Date,Net Pos,Net Price,Bought,Avg. Buy,Sold,Avg. Sell,Account,Contract,…,Pair ID,Buy Fill ID,Sell Fill ID,Paired Qty,Buy Price,Sell Price,P/L,Currency,Bought Timestamp,Sold Timestamp',
  requiredColumns: REQUIRED,
  order: 'unordered',
  detect: headerDetect(REQUIRED, SIGNATURE),
  async *read(input) {
    const pairs: Pair[] = [];
    const warnings: FormatWarning[] = [];
    const warned = new Set<string>();
    for await (const rows of headedRows(input)) {
      for (const row of rows) {
        if (row.get('Pair ID') === '' && row.get('Buy Fill ID') === '' && row.get('Sell Fill ID') === '') {
          const position = row.get('Position ID');
          const net = row.get('Net Pos');
          if (net !== '' && Number(net) !== 0 && !warned.has(position)) {
            warned.add(position);
            warnings.push({
              line: row.line,
              message: `position ${position} is still open (Net Pos ${net}): its unpaired fills are not in this export`,
            });
          }
          continue;
        }
        pairs.push(
          tradovatePair(row, COLUMNS, { account: row.get('Account'), pairId: row.get('Pair ID'), currency: row.get('Currency') }),
        );
      }
    }
    yield [
      ...pairFills(pairs),
      ...warnings.map((w) => ({ kind: 'warning' as const, ...w })),
      { kind: 'warning', line: 1, message: 'Tradovate Position History has no commissions: trades import without fees' },
    ];
  },
});
