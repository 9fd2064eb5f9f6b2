import type { HeaderRow } from '../../read/csv-records.js';
import { defineFormat } from '../registry.js';
import type { BrokerFill, InstrumentHints } from '../types.js';
import {
  optionalAmountCell,
  priceCell,
  quantityCell,
  requiredText,
  sideCell,
  US_DATE_TIMES,
  wallClockCell,
  withCells,
} from '../parts/cells.js';
import { currencyPair } from '../parts/currency-pairs.js';
import { headedRows, headerDetect } from '../parts/header-rows.js';

const REQUIRED = ['Symbol', 'Side', 'Qty', 'Fill Price', 'Closing Time'] as const;
const SIGNATURE = [...REQUIRED, 'Type', 'Commission', 'Placing Time', 'Order ID', 'Leverage'];

const CRYPTO = /^(BINANCE|BINANCEUS|COINBASE|BITSTAMP|KRAKEN|BYBIT|OKX|BITFINEX|GEMINI|KUCOIN|BITGET|MEXC|CRYPTO|POLONIEX|HTX)$/;
const FUTURES = /^(CME|CBOT|NYMEX|COMEX|ICEUS|ICEEU|EUREX)(_MINI|_DL)?$/;
const STOCKS = /^(NASDAQ|NYSE|AMEX|NYSEARCA|ARCA|BATS|CBOE|OTC|TSX|LSE|XETR|EURONEXT)$/;

/**
 * What the symbol tells of the instrument. The exchange or feed prefix (`FX_IDC:`, `NASDAQ:`,
 * `CME_MINI:`) is dropped from the symbol, so one pair from any feed is one instrument and
 * matches other brokers' spelling; the prefix (or the pair itself) decides the asset class. A
 * continuous future (`NQ1!`) keeps its spelling here; the pipeline books it under its root.
 *
 * @example tradingViewInstrument('FX_IDC:EURUSD') // { symbol: 'EURUSD', hints: { assetClass: 'forex', multiplier: 1, currency: 'USD' } }
 */
export function tradingViewInstrument(written: string): { symbol: string; hints: InstrumentHints } {
  const colon = written.indexOf(':');
  const prefix = colon === -1 ? '' : written.slice(0, colon).toUpperCase();
  const symbol = colon === -1 ? written : written.slice(colon + 1);
  const pair = currencyPair(symbol);
  if (CRYPTO.test(prefix)) return { symbol, hints: { assetClass: 'crypto' } };
  if (FUTURES.test(prefix) || symbol.endsWith('!')) return { symbol, hints: { assetClass: 'future' } };
  if (pair !== undefined) return { symbol, hints: { assetClass: 'forex', multiplier: 1, currency: pair.quote } };
  if (STOCKS.test(prefix)) return { symbol, hints: { assetClass: 'stock' } };
  return { symbol, hints: {} };
}

function readRow(row: HeaderRow): BrokerFill[] {
  const status = row.get('Status');
  if (status !== '' && !/^filled$/i.test(status)) return [];
  const { symbol, hints } = tradingViewInstrument(requiredText(row, 'Symbol'));
  const fill: BrokerFill = {
    kind: 'fill',
    line: row.line,
    time: { wall: wallClockCell(row, 'Closing Time', US_DATE_TIMES) },
    symbol,
    side: sideCell(row, 'Side', 'Buy or Sell'),
    quantity: quantityCell(row, 'Qty'),
    price: priceCell(row, 'Fill Price'),
    // A blank (or absent) Commission states none: a commission schedule may then apply.
    ...(row.get('Commission') !== '' && { commission: Math.abs(optionalAmountCell(row, 'Commission')) }),
    ...hints,
  };
  return [withCells(fill, row, { execId: 'Order ID', orderId: 'Order ID' })];
}

/**
 * TradingView's order history (Trading Panel → History → Export): one row per order; rows with
 * a Status other than `Filled` are skipped. The fill time is Closing Time; Qty is in units
 * (shares, coins, currency units: forex multiplier 1, P&L in the quote currency).
 */
export const tradingViewOrders = defineFormat({
  name: 'tradingview-orders',
  broker: 'TradingView',
  title: 'Order history',
  exportHint: 'Trading Panel → History (Orders) → Export data',
  reads:
    'filled orders with commission; the exchange prefix (FX_IDC:EURUSD) is dropped and sets the asset class; continuous futures (CME_MINI:NQ1!) are booked under their root',
  timeRule: 'naive (Closing Time): read in --source-tz',
  sampleHeader: 'Symbol,Side,Type,Qty,Fill Price,Commission,Placing Time,Closing Time,Order ID,Leverage',
  requiredColumns: REQUIRED,
  order: 'unordered',
  detect: headerDetect(REQUIRED, SIGNATURE),
  async *read(input) {
    for await (const rows of headedRows(input)) yield rows.flatMap(readRow);
  },
});
