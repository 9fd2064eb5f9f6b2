import type { webhookOperations } from '@tj/core';
import { created, noContent, ok, type HandlersOf } from './route.js';

const id = (ctx: { params: Record<'id', string> }) => ctx.params.id;

/** Webhook subscriptions, their test delivery and delivery history. */
export const webhookHandlers: HandlersOf<typeof webhookOperations> = {
  createWebhook: async ({ core, userId, body }) => {
    const hook = await core.webhooks.create(userId, body);
    return created(hook);
  },
  listWebhooks: async ({ core, userId }) => ok(await core.webhooks.list(userId)),
  getWebhook: async (ctx) => ok(await ctx.core.webhooks.get(ctx.userId, id(ctx))),
  deleteWebhook: async (ctx) => {
    await ctx.core.webhooks.delete(ctx.userId, id(ctx));
    return noContent();
  },
  testWebhook: async (ctx) => ok(await ctx.core.webhooks.test(ctx.userId, id(ctx))),
  listWebhookDeliveries: async (ctx) => ok(await ctx.core.webhooks.deliveries(ctx.userId, id(ctx), ctx.query)),
  redeliverWebhookDelivery: async (ctx) => ok(await ctx.core.webhooks.redeliver(ctx.userId, id(ctx), ctx.params.deliveryId)),
};
