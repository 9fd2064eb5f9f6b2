import { CoreError, type OperationSpec, OPERATIONS } from '@tj/core';
import { parseInput } from '@tj/core/internal';
import { accountHandlers } from './accounts.js';
import { alertHandlers } from './alerts.js';
import { analyticsHandlers } from './analytics.js';
import { authHandlers } from './auth.js';
import { barHandlers } from './bars.js';
import { corporateActionHandlers } from './corporate-actions.js';
import { fxHandlers } from './fx.js';
import { importHandlers } from './imports.js';
import { journalHandlers } from './journal.js';
import { keyHandlers } from './keys.js';
import { reportHandlers } from './reports.js';
import type { Handler, HandlersOf, Route, RouteContext, RouteResult } from './route.js';
import { settingsHandlers } from './settings.js';
import { systemHandlers } from './system.js';
import { totpHandlers } from './totp.js';
import { tradeHandlers } from './trades.js';
import { webhookHandlers } from './webhooks.js';

/** A path with its parameters filled in: `/api/trades/:id` → `/api/trades/0192…`. */
function filled(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/**
 * Binds one operation to its handler: the query (unless an upload's, read with its fields) and
 * the body are validated by the operation's schemas before the handler runs, and a 201 without
 * a `Location` gets the operation's path and the new record's id.
 */
function bind(operationId: string, op: OperationSpec, handler: Handler<OperationSpec>): Route {
  return {
    ...op,
    operationId,
    async handle(ctx: RouteContext): Promise<RouteResult> {
      const query = op.query !== undefined && op.upload !== true ? parseInput(op.query, ctx.query) : ctx.query;
      const body = op.body === undefined ? undefined : parseInput(op.body, ctx.body);
      const result = await handler({ ...ctx, query, body } as Parameters<Handler<OperationSpec>>[0]);
      const id = (result.body as { id?: unknown } | undefined)?.id;
      if (result.status === 201 && result.headers?.location === undefined && typeof id === 'string') {
        return { ...result, headers: { ...result.headers, location: `${filled(op.path, ctx.params)}/${id}` } };
      }
      return result;
    },
  };
}

/**
 * Every route of the API: the operation table (`OPERATIONS`) with one handler each. The handlers'
 * type names every operation, so a missing one, or one for no operation, does not compile;
 * `openApiDocument` serves GET /api/openapi.json.
 */
export function apiRoutes(openApiDocument: () => Record<string, unknown>): Route[] {
  const handlers: HandlersOf<typeof OPERATIONS> = {
    ...authHandlers,
    ...totpHandlers,
    ...keyHandlers,
    ...tradeHandlers,
    ...accountHandlers,
    ...importHandlers,
    ...corporateActionHandlers,
    ...fxHandlers,
    ...barHandlers,
    ...analyticsHandlers,
    ...reportHandlers,
    ...journalHandlers,
    ...webhookHandlers,
    ...alertHandlers,
    ...settingsHandlers,
    ...systemHandlers(openApiDocument),
  };
  return Object.entries(OPERATIONS).map(([id, op]) => {
    const handler = (handlers as Record<string, Handler<OperationSpec>>)[id];
    if (handler === undefined) throw new CoreError('internal_error', `no handler for operation ${id}`);
    return bind(id, op, handler);
  });
}

export type { Handler, HandlerContext, HandlersOf, Method, Route, RouteContext, RouteResult } from './route.js';
