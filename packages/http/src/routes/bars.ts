import type { barOperations } from '@tj/core';
import { barFetchHandlers } from './bar-fetch.js';
import { barFileHandlers } from './bar-files.js';
import { type HandlersOf, ok } from './route.js';

/** Price bars: imported, fetched from a provider, read around a trade. */
export const barHandlers: HandlersOf<typeof barOperations> = {
  ...barFileHandlers,
  ...barFetchHandlers,
  getTradeBars: async ({ core, userId, params, query }) => ok(await core.bars.aroundTrade(userId, params.id, query)),
};
