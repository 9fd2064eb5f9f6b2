import { accountRoutes } from './accounts.js';
import { alertRoutes } from './alerts.js';
import { analyticsRoutes } from './analytics.js';
import { authRoutes } from './auth.js';
import { idRoutes } from './ids.js';
import { importRoutes } from './imports.js';
import { journalRoutes } from './journal.js';
import { reportRoutes } from './reports.js';
import { keyRoutes } from './keys.js';
import type { Route } from './route.js';
import { settingsRoutes } from './settings.js';
import { systemRoutes } from './system.js';
import { totpRoutes } from './totp.js';
import { tradeRoutes } from './trades.js';
import { webhookRoutes } from './webhooks.js';

/** Every route of the API; `openApiDocument` serves GET /api/openapi.json. */
export function apiRoutes(openApiDocument: () => unknown): Route[] {
  return [
    ...authRoutes,
    ...totpRoutes,
    ...keyRoutes,
    ...tradeRoutes,
    ...accountRoutes,
    ...importRoutes,
    ...analyticsRoutes,
    ...reportRoutes,
    ...journalRoutes,
    ...webhookRoutes,
    ...alertRoutes,
    ...idRoutes,
    ...settingsRoutes,
    ...systemRoutes(openApiDocument),
  ];
}

export type { Method, Route, RouteContext, RouteResult } from './route.js';
