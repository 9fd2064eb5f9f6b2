import type { BrokerFormat } from '../types.js';
import { dasExecutions } from './das-executions.js';
import { etradeTransactions } from './etrade-transactions.js';
import { lightspeedBlotter } from './lightspeed-blotter.js';
import { ninjaTraderExecutions } from './ninjatrader-executions.js';
import { ninjaTraderTrades } from './ninjatrader-trades.js';
import { robinhoodActivity } from './robinhood-activity.js';
import { tastytradeTransactions } from './tastytrade-transactions.js';
import { tradestationTrades } from './tradestation-trades.js';
import { tradenoteTrades } from './tradenote-trades.js';
import { tradetallyTrades } from './tradetally-trades.js';
import { tradersyncTrades } from './tradersync-trades.js';
import { tradervueTrades } from './tradervue-trades.js';
import { tradingViewOrders } from './tradingview-orders.js';
import { ibkrActivity } from './ibkr-activity.js';
import { ibkrFlexCsv } from './ibkr-flex-csv.js';
import { ibkrFlexXml } from './ibkr-flex-xml.js';
import { ibkrTradeConfirm } from './ibkr-tradeconfirm.js';
import { mt5Report } from './mt5-report.js';
import { schwabTransactions } from './schwab-transactions.js';
import { thinkorswimStatement } from './thinkorswim-statement.js';
import { tradovateFills } from './tradovate-fills.js';
import { tradovateOrders } from './tradovate-orders.js';
import { tradovatePerformance } from './tradovate-performance.js';
import { tradovatePositionHistory } from './tradovate-position-history.js';
import { webullOptions } from './webull-options.js';
import { webullOrders } from './webull-orders.js';

/** The formats `tj import` knows out of the box, in detection-listing order. */
export const BUILTIN_FORMATS: readonly BrokerFormat[] = [
  tradovateFills,
  tradovateOrders,
  tradovatePerformance,
  tradovatePositionHistory,
  ninjaTraderExecutions,
  ninjaTraderTrades,
  tradingViewOrders,
  dasExecutions,
  webullOrders,
  webullOptions,
  tastytradeTransactions,
  tradestationTrades,
  lightspeedBlotter,
  etradeTransactions,
  robinhoodActivity,
  ibkrActivity,
  ibkrFlexCsv,
  ibkrTradeConfirm,
  ibkrFlexXml,
  thinkorswimStatement,
  schwabTransactions,
  mt5Report,
  tradetallyTrades,
  tradenoteTrades,
  tradervueTrades,
  tradersyncTrades,
];
