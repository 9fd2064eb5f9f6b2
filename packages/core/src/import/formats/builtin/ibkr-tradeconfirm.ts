import { defineFormat } from '../registry.js';
import { flexScores } from '../parts/ibkr-flex-detect.js';
import { readFlexCsv } from '../parts/ibkr-flex-csv-rows.js';

/**
 * Interactive Brokers' Trade Confirmation Flex (CSV): executions as confirmed, with cancelled
 * and re-booked rows, which count once per ExecID.
 */
export const ibkrTradeConfirm = defineFormat({
  name: 'ibkr-tradeconfirm',
  broker: 'Interactive Brokers',
  title: 'Trade Confirmation Flex (CSV)',
  exportHint: 'Performance & Reports → Flex Queries → Trade Confirmation Flex Query → Format CSV',
  reads: 'executions with commissions; cancellations remove the execution they cancel, re-booked rows replace it (by ExecID)',
  timeRule: 'naive (the zone in the query settings): --source-tz',
  sampleHeader:
    '"ClientAccountID","CurrencyPrimary","AssetClass","Symbol",…,"ExecID",…,"Date/Time",…,"Buy/Sell","Quantity","Price","Commission",…',
  requiredColumns: ['Symbol', 'Buy/Sell', 'Quantity', 'Price', 'Date/Time'],
  order: 'unordered',
  detect: (head) => flexScores(head).confirm,
  read: readFlexCsv,
});
