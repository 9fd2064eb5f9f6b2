import type { barOperations } from '@tj/core';
import { ok, type HandlersOf } from './route.js';

/** Bars fetched from a provider with the user's own key. */
export const barFetchHandlers: HandlersOf<Pick<typeof barOperations, 'fetchBars'>> = {
  fetchBars: async ({ core, userId, body }) => ok(await core.bars.fetch(userId, body)),
};
