import {
  deliveryListQuerySchema,
  deliveryListSchema,
  deliveryOutcomeSchema,
  deliverySchema,
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookListSchema,
  webhookSchema,
} from '@tj/core';
import { noContent, ok, param, type Route, type RouteContext } from './route.js';

const BASE = '/api/webhooks';

const id = (ctx: RouteContext) => param(ctx, 'id');

/** Webhook subscriptions, their test delivery and delivery history. */
export const webhookRoutes: Route[] = [
  {
    method: 'POST',
    path: BASE,
    operationId: 'createWebhook',
    summary: 'Subscribe an address to events; the secret is returned only here',
    tag: 'webhooks',
    auth: true,
    idempotent: true,
    scope: 'webhooks',
    body: webhookCreateSchema,
    response: { status: 201, description: 'The webhook and its signing secret', schema: webhookCreatedSchema },
    errors: [401, 403, 409, 413, 415],
    handle: async ({ core, userId, body }) => {
      const hook = await core.webhooks.create(userId, body);
      return { status: 201, body: hook, headers: { location: `${BASE}/${hook.id}` } };
    },
  },
  {
    method: 'GET',
    path: BASE,
    operationId: 'listWebhooks',
    summary: 'Every webhook of the user (without secrets)',
    tag: 'webhooks',
    auth: true,
    scope: 'webhooks',
    response: { status: 200, description: 'Webhooks', schema: webhookListSchema },
    errors: [401, 403],
    handle: async ({ core, userId }) => ok(await core.webhooks.list(userId)),
  },
  {
    method: 'GET',
    path: `${BASE}/:id`,
    operationId: 'getWebhook',
    summary: 'One webhook (without its secret)',
    tag: 'webhooks',
    auth: true,
    scope: 'webhooks',
    response: { status: 200, description: 'The webhook', schema: webhookSchema },
    errors: [401, 403, 404],
    handle: async (ctx) => ok(await ctx.core.webhooks.get(ctx.userId, id(ctx))),
  },
  {
    method: 'DELETE',
    path: `${BASE}/:id`,
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook',
    tag: 'webhooks',
    auth: true,
    scope: 'webhooks',
    response: { status: 204, description: 'Deleted' },
    errors: [401, 403, 404],
    handle: async (ctx) => {
      await ctx.core.webhooks.delete(ctx.userId, id(ctx));
      return noContent();
    },
  },
  {
    method: 'POST',
    path: `${BASE}/:id/test`,
    operationId: 'testWebhook',
    summary: 'Send a webhook.test delivery now and report the outcome',
    tag: 'webhooks',
    auth: true,
    scope: 'webhooks',
    response: { status: 200, description: 'The outcome of the attempt', schema: deliveryOutcomeSchema },
    errors: [401, 403, 404],
    handle: async (ctx) => ok(await ctx.core.webhooks.test(ctx.userId, id(ctx))),
  },
  {
    method: 'GET',
    path: `${BASE}/:id/deliveries`,
    operationId: 'listWebhookDeliveries',
    summary: 'Deliveries of a webhook with their latest attempt, newest first',
    tag: 'webhooks',
    auth: true,
    scope: 'webhooks',
    query: deliveryListQuerySchema,
    response: { status: 200, description: 'Deliveries and pagination', schema: deliveryListSchema },
    errors: [401, 403, 404],
    handle: async (ctx) => ok(await ctx.core.webhooks.deliveries(ctx.userId, id(ctx), ctx.query)),
  },
  {
    method: 'POST',
    path: `${BASE}/:id/deliveries/:deliveryId/redeliver`,
    operationId: 'redeliverWebhookDelivery',
    summary: 'Send a failed or succeeded delivery once more, now (409 while it is pending)',
    tag: 'webhooks',
    auth: true,
    scope: 'webhooks',
    response: { status: 200, description: 'The delivery with that attempt', schema: deliverySchema },
    errors: [401, 403, 404, 409, 503],
    handle: async (ctx) => ok(await ctx.core.webhooks.redeliver(ctx.userId, id(ctx), param(ctx, 'deliveryId'))),
  },
];
