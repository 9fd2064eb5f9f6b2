import type { barOperations } from '@tj/core';
import type { HandlersOf } from './route.js';

/** Price bars: imported, fetched from a provider, read around a trade. */
export const barHandlers: HandlersOf<typeof barOperations> = {};
