import type { tradeOperations } from '@tj/core';
import { created, noContent, ok, type HandlersOf } from './route.js';

/** Trades and their statistics. */
export const tradeHandlers: HandlersOf<typeof tradeOperations> = {
  listTrades: async ({ core, userId, query }) => ok(await core.trades.list(userId, query)),
  createTrade: async ({ core, userId, body }) => created(await core.trades.create(userId, body)),
  tradeStatistics: async ({ core, userId, query }) => ok(await core.analytics.statistics(userId, query)),
  getTrade: async (ctx) => ok(await ctx.core.trades.get(ctx.userId, ctx.params.id)),
  updateTrade: async (ctx) => ok(await ctx.core.trades.update(ctx.userId, ctx.params.id, ctx.body)),
  deleteTrade: async (ctx) => {
    await ctx.core.trades.delete(ctx.userId, ctx.params.id);
    return noContent();
  },
};
