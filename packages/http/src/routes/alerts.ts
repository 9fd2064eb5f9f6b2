import type { alertOperations } from '@tj/core';
import { created, noContent, ok, type HandlersOf } from './route.js';

/** Alert rules (the source of `alert.triggered`) and their past triggers. */
export const alertHandlers: HandlersOf<typeof alertOperations> = {
  listAlerts: async ({ core, userId }) => ok(await core.alerts.list(userId)),
  createAlert: async ({ core, userId, body }) => created(await core.alerts.create(userId, body)),
  getAlert: async (ctx) => ok(await ctx.core.alerts.get(ctx.userId, ctx.params.id)),
  updateAlert: async (ctx) => ok(await ctx.core.alerts.update(ctx.userId, ctx.params.id, ctx.body)),
  deleteAlert: async (ctx) => {
    await ctx.core.alerts.delete(ctx.userId, ctx.params.id);
    return noContent();
  },
  listAlertEvents: async (ctx) => ok(await ctx.core.alerts.events(ctx.userId, ctx.params.id, ctx.query)),
};
