import {
  alertCreateSchema,
  alertEventListQuerySchema,
  alertEventListSchema,
  alertListSchema,
  alertSchema,
  alertUpdateSchema,
} from '@tj/core';
import { created, noContent, ok, param, type Route } from './route.js';

const BASE = '/api/alerts';

/** Alert rules (the source of `alert.triggered`) and their past triggers. */
export const alertRoutes: Route[] = [
  {
    method: 'GET',
    path: BASE,
    operationId: 'listAlerts',
    summary: 'Every alert rule of the user',
    tag: 'alerts',
    auth: true,
    scope: 'read',
    response: { status: 200, description: 'Alert rules', schema: alertListSchema },
    errors: [401, 403],
    handle: async ({ core, userId }) => ok(await core.alerts.list(userId)),
  },
  {
    method: 'POST',
    path: BASE,
    operationId: 'createAlert',
    summary: 'Create an alert rule',
    tag: 'alerts',
    auth: true,
    idempotent: true,
    scope: 'write',
    body: alertCreateSchema,
    response: { status: 201, description: 'The new alert rule', schema: alertSchema },
    errors: [401, 403, 413, 415],
    handle: async ({ core, userId, body }) => created(await core.alerts.create(userId, body), BASE),
  },
  {
    method: 'GET',
    path: `${BASE}/:id`,
    operationId: 'getAlert',
    summary: 'One alert rule',
    tag: 'alerts',
    auth: true,
    scope: 'read',
    response: { status: 200, description: 'The alert rule', schema: alertSchema },
    errors: [401, 403, 404],
    handle: async (ctx) => ok(await ctx.core.alerts.get(ctx.userId, param(ctx, 'id'))),
  },
  {
    method: 'PATCH',
    path: `${BASE}/:id`,
    operationId: 'updateAlert',
    summary: 'Change name, threshold, tz or active',
    tag: 'alerts',
    auth: true,
    scope: 'write',
    body: alertUpdateSchema,
    response: { status: 200, description: 'The updated alert rule', schema: alertSchema },
    errors: [401, 403, 404, 413, 415],
    handle: async (ctx) => ok(await ctx.core.alerts.update(ctx.userId, param(ctx, 'id'), ctx.body)),
  },
  {
    method: 'DELETE',
    path: `${BASE}/:id`,
    operationId: 'deleteAlert',
    summary: 'Delete an alert rule and its history',
    tag: 'alerts',
    auth: true,
    scope: 'write',
    response: { status: 204, description: 'Deleted' },
    errors: [401, 403, 404],
    handle: async (ctx) => {
      await ctx.core.alerts.delete(ctx.userId, param(ctx, 'id'));
      return noContent();
    },
  },
  {
    method: 'GET',
    path: `${BASE}/:id/events`,
    operationId: 'listAlertEvents',
    summary: 'Past triggers of an alert rule, newest first',
    tag: 'alerts',
    auth: true,
    scope: 'read',
    query: alertEventListQuerySchema,
    response: { status: 200, description: 'Triggers and pagination', schema: alertEventListSchema },
    errors: [401, 403, 404],
    handle: async (ctx) => ok(await ctx.core.alerts.events(ctx.userId, param(ctx, 'id'), ctx.query)),
  },
];
