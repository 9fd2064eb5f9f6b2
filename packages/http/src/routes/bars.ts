import type { barOperations } from '@tj/core';
import { barFetchHandlers } from './bar-fetch.js';
import { barFileHandlers } from './bar-files.js';
import type { HandlersOf } from './route.js';

/** Price bars: imported, fetched from a provider, read around a trade. */
export const barHandlers: HandlersOf<typeof barOperations> = { ...barFileHandlers, ...barFetchHandlers };
