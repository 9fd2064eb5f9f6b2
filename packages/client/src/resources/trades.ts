import { paginate } from '../paginate.js';
import type { Call } from '../operation.js';
import type { CallOptions } from '../transport.js';
import type {
  Statistics,
  Trade,
  TradeCreateInput,
  TradeList,
  TradeListQuery,
  TradeBars,
  TradeBarsQuery,
  TradeStatisticsQuery,
  TradeUpdateInput,
} from '../types.js';

/** The trades endpoints. */
export function tradesApi(call: Call) {
  const api = {
    /**
     * One page of trades, newest entry first, with optional filters.
     *
     * @example const { trades, pagination } = await client.trades.list({ status: 'closed', instrument: 'ES', page: 2 });
     */
    list(query: TradeListQuery = {}, options?: CallOptions): Promise<TradeList> {
      return call('listTrades', { query }, options);
    },

    /**
     * Every trade matching the filters, fetched page by page (100 a page unless `limit` says otherwise).
     *
     * @example for await (const trade of client.trades.paginate({ status: 'closed' })) console.log(trade.result);
     */
    paginate(query: Omit<TradeListQuery, 'page'> = {}, options?: CallOptions): AsyncGenerator<Trade, void, undefined> {
      return paginate(async (page) => {
        const { trades, pagination } = await api.list({ limit: 100, ...query, page }, options);
        return { items: trades, pagination };
      });
    },

    /**
     * Records a trade (open, or already closed when exitPrice and exitTime are given).
     *
     * @example const trade = await client.trades.create({ instrument: 'ES', direction: 'long', entryPrice: 5000, positionSize: 1, stopLoss: 4990, entryTime: '2026-11-20T14:30:00Z' });
     */
    create(body: TradeCreateInput, options?: CallOptions): Promise<Trade> {
      return call('createTrade', { body }, options);
    },

    /**
     * One trade by id (404 `not_found` for an unknown or another user's id).
     *
     * @example const trade = await client.trades.get(tradeId);
     */
    get(tradeId: string, options?: CallOptions): Promise<Trade> {
      return call('getTrade', { params: { id: tradeId } }, options);
    },

    /**
     * The bars around a trade from the series it is measured on (`continuous` when a contract's own
     * are missing), at the finest timeframe held or `timeframe`, `padding` bars each side (default 30);
     * `bars` is [] when none are held.
     *
     * @example const { bars, timeframe } = await client.trades.bars(tradeId, { padding: 20 });
     */
    bars(tradeId: string, query: TradeBarsQuery = {}, options?: CallOptions): Promise<TradeBars> {
      return call('getTradeBars', { params: { id: tradeId }, query }, options);
    },

    /**
     * Changes some fields; `null` clears an optional one, `exitPrice` closes the trade and `exitPrice: null` reopens it.
     *
     * @example const closed = await client.trades.update(tradeId, { exitPrice: 5012.5 });
     */
    update(tradeId: string, body: TradeUpdateInput, options?: CallOptions): Promise<Trade> {
      return call('updateTrade', { params: { id: tradeId }, body }, options);
    },

    /**
     * Deletes a trade.
     *
     * @example await client.trades.delete(tradeId);
     */
    async delete(tradeId: string, options?: CallOptions): Promise<void> {
      await call('deleteTrade', { params: { id: tradeId } }, options);
    },

    /**
     * Performance figures over the closed trades matching the filters.
     *
     * @example const { winRate, profitFactor } = await client.trades.statistics({ dateFrom: '2026-01-01' });
     */
    statistics(query: TradeStatisticsQuery = {}, options?: CallOptions): Promise<Statistics> {
      return call('tradeStatistics', { query }, options);
    },
  };
  return api;
}
