import type { keyOperations } from '@tj/core';
import { created, noContent, ok, type HandlersOf } from './route.js';

/** Operations. */
export const keyHandlers: HandlersOf<typeof keyOperations> = {
  createApiKey: async ({ core, userId, body }) => created(await core.apiKeys.create(userId, body)),
  listApiKeys: async ({ core, userId }) => ok(await core.apiKeys.list(userId)),
  getApiKey: async (ctx) => ok(await ctx.core.apiKeys.get(ctx.userId, ctx.params.id)),
  revokeApiKey: async (ctx) => {
    await ctx.core.apiKeys.revoke(ctx.userId, ctx.params.id);
    return noContent();
  },
};
