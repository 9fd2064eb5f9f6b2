import {
  byCategoryQuerySchema,
  byCategorySchema,
  calendarQuerySchema,
  calendarSchema,
  dashboardQuerySchema,
  dashboardSchema,
  equityCurveQuerySchema,
  equityCurveSchema,
  performanceQuerySchema,
  performanceSchema,
  rDistributionQuerySchema,
  rDistributionSchema,
} from '../analytics.js';
import type { OperationSpec, OperationTable } from './spec.js';

/** One analytics operation: a GET under /api/analytics with its query and answer, read scope. */
function analytics<const Q extends OperationSpec['query'], const S extends OperationSpec['response']['schema']>(
  path: string,
  summary: string,
  query: Q,
  schema: S,
) {
  return {
    method: 'GET',
    path: `/api/analytics/${path}`,
    summary,
    tag: 'analytics',
    auth: true,
    scope: 'read',
    query,
    response: { status: 200, description: summary, schema },
    errors: [401, 403],
  } as const;
}

/** Analytics over the user's closed trades; every one takes an optional IANA `tz`. */
export const analyticsOperations = {
  dashboard: analytics(
    'dashboard',
    'Summary figures and recent daily, weekly and monthly performance',
    dashboardQuerySchema,
    dashboardSchema,
  ),
  performance: analytics(
    'performance',
    'Zero-filled performance per day, week, month or year',
    performanceQuerySchema,
    performanceSchema,
  ),
  byCategory: analytics(
    'by-category',
    'Performance by instrument, setup, tag, hour, weekday, account, asset class or holding time',
    byCategoryQuerySchema,
    byCategorySchema,
  ),
  equityCurve: analytics(
    'equity-curve',
    'Equity at the end of each trading day with exits',
    equityCurveQuerySchema,
    equityCurveSchema,
  ),
  rDistribution: analytics('r-distribution', 'Histogram of R multiples', rDistributionQuerySchema, rDistributionSchema),
  calendar: analytics(
    'calendar',
    'Every day of a month: its P&L, trade count and whether it has a journal entry',
    calendarQuerySchema,
    calendarSchema,
  ),
} as const satisfies OperationTable;
