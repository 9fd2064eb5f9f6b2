/**
 * What Tradovate's paired exports (Performance, Position History) share: a row is a FIFO pair of
 * a buy fill and a sell fill with their prices and naive times, and the pair's gross P&L.
 */
import type { HeaderRow } from '../../read/csv-records.js';
import { amountCell, priceCell, quantityCell, requiredText, US_DATE_TIMES, wallClockCell } from './cells.js';
import { earlierByFillId, type Pair, timeKey } from './paired-fills.js';

/** The column names of one paired layout. */
export interface TradovatePairColumns {
  symbol: string;
  buyFillId: string;
  sellFillId: string;
  qty: string;
  buyPrice: string;
  sellPrice: string;
  pnl: string;
  bought: string;
  sold: string;
}

/**
 * Reads one pair. It is short when the sell came first: an earlier sold time, or, within the
 * same second, the smaller (older) fill id. `pnl` is Tradovate's gross P&L of the pair.
 */
export function tradovatePair(
  row: HeaderRow,
  c: TradovatePairColumns,
  extra: Partial<Pick<Pair, 'account' | 'pairId'>> & { currency?: string },
): Pair {
  const symbol = requiredText(row, c.symbol);
  const buyId = row.get(c.buyFillId);
  const sellId = row.get(c.sellFillId);
  const bought = { wall: wallClockCell(row, c.bought, US_DATE_TIMES) };
  const sold = { wall: wallClockCell(row, c.sold, US_DATE_TIMES) };
  const delta = timeKey(sold) - timeKey(bought);
  const short = delta < 0 || (delta === 0 && earlierByFillId(sellId, buyId) === true);
  const buy = { time: bought, price: priceCell(row, c.buyPrice), fillId: buyId };
  const sell = { time: sold, price: priceCell(row, c.sellPrice), fillId: sellId };
  const pair: Pair = {
    line: row.line,
    symbol,
    direction: short ? 'short' : 'long',
    quantity: quantityCell(row, c.qty),
    entry: short ? sell : buy,
    exit: short ? buy : sell,
    brokerPnl: { amount: amountCell(row, c.pnl), basis: 'gross' },
    hints: { assetClass: 'future', ...(extra.currency !== undefined && extra.currency !== '' && { currency: extra.currency }) },
  };
  if (extra.account !== undefined && extra.account !== '') pair.account = extra.account;
  if (extra.pairId !== undefined && extra.pairId !== '') pair.pairId = extra.pairId;
  return pair;
}
