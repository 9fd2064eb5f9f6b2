import {
  calendarQuerySchema,
  calendarSchema,
  byCategoryQuerySchema,
  byCategorySchema,
  dashboardQuerySchema,
  dashboardSchema,
  equityCurveQuerySchema,
  equityCurveSchema,
  performanceQuerySchema,
  performanceSchema,
  rDistributionQuerySchema,
  rDistributionSchema,
} from '@tj/core';
import type { z } from 'zod';
import { ok, type Route } from './route.js';

const analytics = (
  path: string,
  operationId: string,
  summary: string,
  query: z.ZodType,
  schema: z.ZodType,
  call: (ctx: Parameters<Route['handle']>[0]) => Promise<unknown>,
): Route => ({
  method: 'GET',
  path: `/api/analytics/${path}`,
  operationId,
  summary,
  tag: 'analytics',
  auth: true,
  scope: 'read',
  query,
  response: { status: 200, description: summary, schema },
  errors: [401, 403],
  handle: async (ctx) => ok(await call(ctx)),
});

/** Analytics over the user's closed trades; every one takes an optional IANA `tz`. */
export const analyticsRoutes: Route[] = [
  analytics(
    'dashboard',
    'dashboard',
    'Summary figures and recent daily, weekly and monthly performance',
    dashboardQuerySchema,
    dashboardSchema,
    (c) => c.core.analytics.dashboard(c.userId, c.query),
  ),
  analytics(
    'performance',
    'performance',
    'Zero-filled performance per day, week, month or year',
    performanceQuerySchema,
    performanceSchema,
    (c) => c.core.analytics.performance(c.userId, c.query),
  ),
  analytics(
    'by-category',
    'byCategory',
    'Performance by instrument, setup, tag, hour, weekday, account, asset class or holding time',
    byCategoryQuerySchema,
    byCategorySchema,
    (c) => c.core.analytics.byCategory(c.userId, c.query),
  ),
  analytics(
    'equity-curve',
    'equityCurve',
    'Equity at the end of each trading day with exits',
    equityCurveQuerySchema,
    equityCurveSchema,
    (c) => c.core.analytics.equityCurve(c.userId, c.query),
  ),
  analytics('r-distribution', 'rDistribution', 'Histogram of R multiples', rDistributionQuerySchema, rDistributionSchema, (c) =>
    c.core.analytics.rDistribution(c.userId, c.query),
  ),
  analytics(
    'calendar',
    'calendar',
    'Every day of a month: its P&L, trade count and whether it has a journal entry',
    calendarQuerySchema,
    calendarSchema,
    (c) => c.core.analytics.calendar(c.userId, c.query),
  ),
];
