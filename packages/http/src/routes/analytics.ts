import type { analyticsOperations } from '@tj/core';
import { type HandlersOf, ok } from './route.js';

/** Analytics over the user's closed trades; every one takes an optional IANA `tz`. */
export const analyticsHandlers: HandlersOf<typeof analyticsOperations> = {
  dashboard: async ({ core, userId, query }) => ok(await core.analytics.dashboard(userId, query)),
  performance: async ({ core, userId, query }) => ok(await core.analytics.performance(userId, query)),
  byCategory: async ({ core, userId, query }) => ok(await core.analytics.byCategory(userId, query)),
  equityCurve: async ({ core, userId, query }) => ok(await core.analytics.equityCurve(userId, query)),
  rDistribution: async ({ core, userId, query }) => ok(await core.analytics.rDistribution(userId, query)),
  calendar: async ({ core, userId, query }) => ok(await core.analytics.calendar(userId, query)),
};
