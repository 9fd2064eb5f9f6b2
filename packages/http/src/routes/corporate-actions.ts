import type { corporateActionOperations } from '@tj/core';
import { created, noContent, ok, type HandlersOf } from './route.js';

/** Splits and symbol changes, and the open trades they adjust. */
export const corporateActionHandlers: HandlersOf<typeof corporateActionOperations> = {
  listCorporateActions: async ({ core, userId, query }) => ok(await core.corporateActions.list(userId, query)),
  createCorporateAction: async ({ core, userId, body }) => created(await core.corporateActions.create(userId, body)),
  deleteCorporateAction: async (ctx) => {
    await ctx.core.corporateActions.delete(ctx.userId, ctx.params.id);
    return noContent();
  },
};
