import { defineFormat } from '../registry.js';
import { headedRows, headerDetect } from '../parts/header-rows.js';
import { type Pair, pairFills } from '../parts/paired-fills.js';
import { type TradovatePairColumns, tradovatePair } from '../parts/tradovate-pairs.js';

const COLUMNS: TradovatePairColumns = {
  symbol: 'symbol',
  buyFillId: 'buyFillId',
  sellFillId: 'sellFillId',
  qty: 'qty',
  buyPrice: 'buyPrice',
  sellPrice: 'sellPrice',
  pnl: 'pnl',
  bought: 'boughtTimestamp',
  sold: 'soldTimestamp',
};
const REQUIRED = Object.values(COLUMNS);
const SIGNATURE = [...REQUIRED, '_priceFormat', '_priceFormatType', '_tickSize', 'duration'];

/**
 * Tradovate's Performance export: FIFO pairs of a buy and a sell fill with gross P&L, no account
 * and no commissions. Each pair becomes its entry and exit fills (the pipeline regroups them);
 * `duration` is not read (the timestamps say it).
 */
export const tradovatePerformance = defineFormat({
  name: 'tradovate-performance',
  broker: 'Tradovate',
  title: 'Performance',
  exportHint: 'Account Reports → Performance → Download CSV',
  reads: 'FIFO-paired trades with gross P&L (pnl); no commissions and no account in this export',
  timeRule: 'naive (boughtTimestamp/soldTimestamp): read in --source-tz',
  sampleHeader:
    'symbol,_priceFormat,_priceFormatType,_tickSize,buyFillId,sellFillId,qty,buyPrice,sellPrice,pnl,boughtTimestamp,soldTimestamp,duration',
  requiredColumns: REQUIRED,
  order: 'unordered',
  detect: headerDetect(REQUIRED, SIGNATURE),
  async *read(input) {
    const pairs: Pair[] = [];
    for await (const rows of headedRows(input)) for (const row of rows) pairs.push(tradovatePair(row, COLUMNS, {}));
    yield [
      ...pairFills(pairs),
      { kind: 'warning', line: 1, message: 'Tradovate Performance has no commissions: trades import without fees' },
    ];
  },
});
