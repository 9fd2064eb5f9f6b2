import type { barOperations } from '@tj/core';
import { type HandlersOf, ok } from './route.js';

/** Price bars: imported, fetched from a provider, read around a trade. */
export const barHandlers: HandlersOf<typeof barOperations> = {
  getTradeBars: async ({ core, userId, params, query }) => ok(await core.bars.aroundTrade(userId, params.id, query)),
};
