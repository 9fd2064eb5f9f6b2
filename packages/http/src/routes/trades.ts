import {
  statisticsSchema,
  tradeCreateSchema,
  tradeListQuerySchema,
  tradeListSchema,
  tradeSchema,
  tradeStatisticsQuerySchema,
  tradeUpdateSchema,
} from '@tj/core';
import { created, noContent, ok, param, type Route } from './route.js';

const BASE = '/api/trades';

/** Trades and their statistics. */
export const tradeRoutes: Route[] = [
  {
    method: 'GET',
    path: BASE,
    operationId: 'listTrades',
    summary: 'A page of trades, newest entry first',
    tag: 'trades',
    auth: true,
    query: tradeListQuerySchema,
    response: { status: 200, description: 'Trades and pagination', schema: tradeListSchema },
    errors: [401, 403],
    handle: async ({ core, userId, query }) => ok(await core.trades.list(userId, query)),
  },
  {
    method: 'POST',
    path: BASE,
    operationId: 'createTrade',
    summary: 'Record a trade (open, or already closed with exitPrice and exitTime)',
    tag: 'trades',
    auth: true,
    body: tradeCreateSchema,
    response: { status: 201, description: 'The new trade', schema: tradeSchema },
    errors: [401, 403, 413, 415],
    handle: async ({ core, userId, body }) => created(await core.trades.create(userId, body), BASE),
  },
  {
    method: 'GET',
    path: `${BASE}/statistics`,
    operationId: 'tradeStatistics',
    summary: 'Statistics over closed trades, with the list filters',
    tag: 'trades',
    auth: true,
    query: tradeStatisticsQuerySchema,
    response: { status: 200, description: 'Statistics', schema: statisticsSchema },
    errors: [401, 403],
    handle: async ({ core, userId, query }) => ok(await core.analytics.statistics(userId, query)),
  },
  {
    method: 'GET',
    path: `${BASE}/:id`,
    operationId: 'getTrade',
    summary: 'One trade',
    tag: 'trades',
    auth: true,
    response: { status: 200, description: 'The trade', schema: tradeSchema },
    errors: [401, 403, 404],
    handle: async (ctx) => ok(await ctx.core.trades.get(ctx.userId, param(ctx, 'id'))),
  },
  {
    method: 'PATCH',
    path: `${BASE}/:id`,
    operationId: 'updateTrade',
    summary: 'Partial update; null clears an optional field (exitPrice: null reopens the trade)',
    tag: 'trades',
    auth: true,
    body: tradeUpdateSchema,
    response: { status: 200, description: 'The updated trade', schema: tradeSchema },
    errors: [401, 403, 404, 413, 415],
    handle: async (ctx) => ok(await ctx.core.trades.update(ctx.userId, param(ctx, 'id'), ctx.body)),
  },
  {
    method: 'DELETE',
    path: `${BASE}/:id`,
    operationId: 'deleteTrade',
    summary: 'Delete a trade',
    tag: 'trades',
    auth: true,
    response: { status: 204, description: 'Deleted' },
    errors: [401, 403, 404],
    handle: async (ctx) => {
      await ctx.core.trades.delete(ctx.userId, param(ctx, 'id'));
      return noContent();
    },
  },
];
