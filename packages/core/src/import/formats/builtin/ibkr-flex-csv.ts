import { defineFormat } from '../registry.js';
import { flexScores } from '../parts/ibkr-flex-detect.js';
import { readFlexCsv } from '../parts/ibkr-flex-csv-rows.js';

/**
 * Interactive Brokers' Flex Query in CSV, Trades section: from the compact layout (TradeDate
 * only) to the full one (DateTime, IBExecID, Multiplier, Strike, Expiry, Put/Call, codes).
 */
export const ibkrFlexCsv = defineFormat({
  name: 'ibkr-flex-csv',
  broker: 'Interactive Brokers',
  title: 'Flex Query (CSV, Trades)',
  exportHint: 'Performance & Reports → Flex Queries → Activity Flex Query with the Trades section (Executions) → Format CSV',
  reads:
    'executions (or orders) of stocks, options and futures with commissions, ids, multipliers and option details; CASH rows skipped',
  timeRule: 'naive (the zone in the query settings): --source-tz; TradeDate alone reads as noon, rows of a day keep file order',
  sampleHeader: 'ClientAccountID,AssetClass,Symbol,DateTime,Buy/Sell,Quantity,TradePrice,IBCommission,IBExecID,Multiplier,…',
  requiredColumns: ['Symbol', 'Buy/Sell', 'Quantity', 'TradePrice', 'DateTime'],
  order: 'unordered',
  detect: (head) => flexScores(head).flex,
  read: readFlexCsv,
});
