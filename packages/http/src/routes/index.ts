import { alertRoutes } from './alerts.js';
import { analyticsRoutes } from './analytics.js';
import { authRoutes } from './auth.js';
import { journalRoutes } from './journal.js';
import type { Route } from './route.js';
import { systemRoutes } from './system.js';
import { tradeRoutes } from './trades.js';
import { webhookRoutes } from './webhooks.js';

/** Every route of the API; `openApiDocument` serves GET /api/openapi.json. */
export function apiRoutes(openApiDocument: () => unknown): Route[] {
  return [
    ...authRoutes,
    ...tradeRoutes,
    ...analyticsRoutes,
    ...journalRoutes,
    ...webhookRoutes,
    ...alertRoutes,
    ...systemRoutes(openApiDocument),
  ];
}

export type { Method, Route, RouteContext, RouteResult } from './route.js';
