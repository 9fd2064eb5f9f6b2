import { importCreateQuerySchema, mappingFromText } from '@tj/core';
import { parseInput, replayable } from '@tj/core/internal';
import { spool } from '../io/spool.js';
import type { importOperations } from '@tj/core';
import { created, noContent, ok, type HandlersOf } from './route.js';

/** Imports: a file in (streamed), its record, the history, and undo. */
export const importHandlers: HandlersOf<typeof importOperations> = {
  createImport: async ({ core, userId, query, upload }) => {
    const file = await upload();
    // Every option of the operation's schema reaches core as read; the mapping's text is parsed here.
    const {
      fileName: _,
      map,
      datePattern,
      sourceTz,
      ...options
    } = parseInput(importCreateQuerySchema, { ...file.fields, ...query });
    const mapping = map === undefined ? undefined : mappingFromText(map, datePattern);
    // An import that reads the file more than twice (skipping invalid rows, a commission schedule): spool it; else stream it through.
    const spooled = (await core.imports.readsAgain(userId, options)) ? await spool(file.chunks) : undefined;
    const body = spooled ?? replayable(file.chunks);
    const record = await core.imports
      .create(
        userId,
        { ...(file.fileName !== undefined && { name: file.fileName }), open: () => body.open() },
        { ...options, sourceTz: sourceTz ?? 'UTC', ...(mapping !== undefined && { map: mapping }) },
      )
      .finally(() => spooled?.remove());
    if (record.dryRun) return ok(record);
    return created(record);
  },
  listImports: async ({ core, userId, query }) => ok(await core.imports.list(userId, query)),
  listImportFormats: async ({ core }) => ok({ formats: core.imports.formats() }),
  listImportProfiles: async ({ core, userId }) => ok(await core.imports.profiles.list(userId)),
  getImportProfile: async (ctx) => ok(await ctx.core.imports.profiles.get(ctx.userId, ctx.params.name)),
  saveImportProfile: async (ctx) => {
    const { profile, created } = await ctx.core.imports.profiles.save(ctx.userId, ctx.params.name, ctx.body);
    if (!created) return ok(profile);
    return { status: 201, body: profile, headers: { location: `/api/imports/profiles/${profile.name}` } };
  },
  deleteImportProfile: async (ctx) => {
    await ctx.core.imports.profiles.remove(ctx.userId, ctx.params.name);
    return noContent();
  },
  getImport: async (ctx) => ok(await ctx.core.imports.get(ctx.userId, ctx.params.id)),
  undoImport: async ({ core, userId, params, query }) =>
    ok(await core.imports.undo(userId, params.id, { force: query.force === true })),
};
