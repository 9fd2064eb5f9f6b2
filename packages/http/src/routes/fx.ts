import type { fxOperations } from '@tj/core';
import { ok, type HandlersOf } from './route.js';

/** The user's FX reference rates: imported, fetched from a provider, listed, deleted. */
export const fxHandlers: HandlersOf<typeof fxOperations> = {
  listFxRates: async ({ core, userId, query }) => ok(await core.fx.list(userId, query)),
  importFxRates: async ({ core, userId, body }) => ok(await core.fx.importRates(userId, body)),
  deleteFxRates: async ({ core, userId, query }) => ok(await core.fx.delete(userId, query)),
  fetchFxRates: async ({ core, userId, body }) => ok(await core.fx.fetch(userId, body)),
};
