import { barImportQuerySchema } from '@tj/core';
import { parseInput, replayable } from '@tj/core/internal';
import type { barOperations } from '@tj/core';
import { ok, type HandlersOf } from './route.js';

/** Bars files: a chart export in (streamed, one transaction), the series held, a series deleted. */
export const barFileHandlers: HandlersOf<Pick<typeof barOperations, 'importBars' | 'listBarSeries' | 'deleteBars'>> = {
  importBars: async ({ core, userId, query, upload }) => {
    const file = await upload();
    const { fileName, ...options } = parseInput(barImportQuerySchema, { ...file.fields, ...query });
    const body = replayable(file.chunks);
    const name = file.fileName ?? fileName;
    return ok(await core.bars.importFile(userId, { ...(name !== undefined && { name }), open: () => body.open() }, options));
  },
  listBarSeries: async ({ core, userId }) => ok(await core.bars.list(userId)),
  deleteBars: async ({ core, userId, query }) => ok(await core.bars.delete(userId, query.instrument, query.timeframe)),
};
