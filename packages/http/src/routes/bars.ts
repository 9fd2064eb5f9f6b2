import type { barOperations } from '@tj/core';
import { ok, type HandlersOf } from './route.js';

/** Price bars: imported, fetched from a provider, read around a trade. */
export const barHandlers: HandlersOf<typeof barOperations> = {
  fetchBars: async ({ core, userId, body }) => ok(await core.bars.fetch(userId, body)),
};
