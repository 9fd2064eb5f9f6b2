import { statisticsSchema } from '../analytics.js';
import {
  tradeCreateSchema,
  tradeListQuerySchema,
  tradeListSchema,
  tradeSchema,
  tradeStatisticsQuerySchema,
  tradeUpdateSchema,
} from '../trade.js';
import type { OperationTable } from './spec.js';

const BASE = '/api/trades';

/** Trades and their statistics. */
export const tradeOperations = {
  listTrades: {
    method: 'GET',
    path: BASE,
    summary: 'A page of trades, newest entry first',
    tag: 'trades',
    auth: true,
    scope: 'read',
    query: tradeListQuerySchema,
    response: { status: 200, description: 'Trades and pagination', schema: tradeListSchema },
    errors: [401, 403],
  },
  createTrade: {
    method: 'POST',
    path: BASE,
    summary: 'Record a trade (open, or already closed with exitPrice and exitTime)',
    tag: 'trades',
    auth: true,
    idempotent: true,
    scope: 'write',
    body: tradeCreateSchema,
    response: { status: 201, description: 'The new trade', schema: tradeSchema },
    errors: [401, 403, 413, 415],
  },
  tradeStatistics: {
    method: 'GET',
    path: `${BASE}/statistics`,
    summary: 'Statistics over closed trades, with the list filters',
    tag: 'trades',
    auth: true,
    scope: 'read',
    query: tradeStatisticsQuerySchema,
    response: { status: 200, description: 'Statistics', schema: statisticsSchema },
    errors: [401, 403],
  },
  getTrade: {
    method: 'GET',
    path: `${BASE}/:id`,
    summary: 'One trade',
    tag: 'trades',
    auth: true,
    scope: 'read',
    response: { status: 200, description: 'The trade', schema: tradeSchema },
    errors: [401, 403, 404],
  },
  updateTrade: {
    method: 'PATCH',
    path: `${BASE}/:id`,
    summary: 'Partial update; null clears an optional field (exitPrice: null reopens the trade)',
    tag: 'trades',
    auth: true,
    scope: 'write',
    body: tradeUpdateSchema,
    response: { status: 200, description: 'The updated trade', schema: tradeSchema },
    errors: [401, 403, 404, 413, 415],
  },
  deleteTrade: {
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Delete a trade',
    tag: 'trades',
    auth: true,
    scope: 'write',
    response: { status: 204, description: 'Deleted' },
    errors: [401, 403, 404],
  },
} as const satisfies OperationTable;
