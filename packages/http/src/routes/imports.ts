import {
  importCreateQuerySchema,
  importFormatListSchema,
  importListQuerySchema,
  importListSchema,
  importProfileInputSchema,
  importProfileListSchema,
  importProfileSchema,
  importRecordSchema,
  importUndoQuerySchema,
  mappingFromText,
} from '@tj/core';
import { parseInput, replayable } from '@tj/core/internal';
import { spool } from '../io/spool.js';
import { noContent, ok, param, type Route } from './route.js';

/** Imports: a file in (streamed), its record, the history, and undo. */
export const importRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/imports',
    operationId: 'createImport',
    summary: 'Import a broker export or our CSV: detected (or `format`), one transaction, recorded',
    tag: 'imports',
    auth: true,
    scope: 'import',
    idempotent: true,
    upload: true,
    query: importCreateQuerySchema,
    response: { status: 201, description: 'The import record', schema: importRecordSchema },
    alsoOk: { status: 200, description: 'A dry run: what the import would do; nothing written, the id is not stored' },
    errors: [409, 413, 415, 422],
    handle: async ({ core, userId, query, upload }) => {
      const file = await upload();
      const options = parseInput(importCreateQuerySchema, { ...file.fields, ...query });
      const map = options.map === undefined ? undefined : mappingFromText(options.map, options.datePattern);
      // Skipping invalid rows may read the file once per refused row: spool it; else stream it through.
      const spooled = options.skipInvalid === true ? await spool(file.chunks) : undefined;
      const body = spooled ?? replayable(file.chunks);
      const record = await core.imports
        .create(
          userId,
          { ...(file.fileName !== undefined && { name: file.fileName }), open: () => body.open() },
          {
            sourceTz: options.sourceTz ?? 'UTC',
            ...(options.format !== undefined && { format: options.format }),
            ...(options.dryRun !== undefined && { dryRun: options.dryRun }),
            ...(options.skipInvalid !== undefined && { skipInvalid: options.skipInvalid }),
            ...(options.pointValues !== undefined && { pointValues: options.pointValues }),
            ...(map !== undefined && { map }),
          },
        )
        .finally(() => spooled?.remove());
      if (record.dryRun) return ok(record);
      return { status: 201, body: record, headers: { location: `/api/imports/${record.id}` } };
    },
  },
  {
    method: 'GET',
    path: '/api/imports',
    operationId: 'listImports',
    summary: 'The user’s imports, newest first',
    tag: 'imports',
    auth: true,
    scope: 'read',
    query: importListQuerySchema,
    response: { status: 200, description: 'A page of imports', schema: importListSchema },
    errors: [],
    handle: async ({ core, userId, query }) => ok(await core.imports.list(userId, query)),
  },
  {
    method: 'GET',
    path: '/api/imports/formats',
    operationId: 'listImportFormats',
    summary: 'The formats an import reads: name, broker, the export to choose, what is read, the time-zone rule',
    tag: 'imports',
    auth: true,
    scope: 'read',
    response: { status: 200, description: 'Every format', schema: importFormatListSchema },
    errors: [],
    handle: async ({ core }) => ok({ formats: core.imports.formats() }),
  },
  {
    method: 'GET',
    path: '/api/imports/profiles',
    operationId: 'listImportProfiles',
    summary: 'The user’s saved column mappings: each is a format of their imports (detected by header, or format=NAME)',
    tag: 'imports',
    auth: true,
    scope: 'read',
    response: { status: 200, description: 'Saved profiles by name', schema: importProfileListSchema },
    errors: [],
    handle: async ({ core, userId }) => ok(await core.imports.profiles.list(userId)),
  },
  {
    method: 'GET',
    path: '/api/imports/profiles/:name',
    operationId: 'getImportProfile',
    summary: 'One saved column mapping',
    tag: 'imports',
    auth: true,
    scope: 'read',
    response: { status: 200, description: 'The profile', schema: importProfileSchema },
    errors: [404],
    handle: async (ctx) => ok(await ctx.core.imports.profiles.get(ctx.userId, param(ctx, 'name'))),
  },
  {
    method: 'PUT',
    path: '/api/imports/profiles/:name',
    operationId: 'saveImportProfile',
    summary: 'Save a column mapping under a name (create or replace); not the name of a built-in format',
    tag: 'imports',
    auth: true,
    scope: 'import',
    body: importProfileInputSchema,
    response: { status: 201, description: 'Created', schema: importProfileSchema },
    alsoOk: { status: 200, description: 'Replaced' },
    errors: [409],
    handle: async (ctx) => {
      const { profile, created } = await ctx.core.imports.profiles.save(ctx.userId, param(ctx, 'name'), ctx.body);
      if (!created) return ok(profile);
      return { status: 201, body: profile, headers: { location: `/api/imports/profiles/${profile.name}` } };
    },
  },
  {
    method: 'DELETE',
    path: '/api/imports/profiles/:name',
    operationId: 'deleteImportProfile',
    summary: 'Delete a saved column mapping (imports it read stay)',
    tag: 'imports',
    auth: true,
    scope: 'import',
    response: { status: 204, description: 'Deleted' },
    errors: [404],
    handle: async (ctx) => {
      await ctx.core.imports.profiles.remove(ctx.userId, param(ctx, 'name'));
      return noContent();
    },
  },
  {
    method: 'GET',
    path: '/api/imports/:id',
    operationId: 'getImport',
    summary: 'One import, with the ids of the trades it created',
    tag: 'imports',
    auth: true,
    scope: 'read',
    response: { status: 200, description: 'The import record', schema: importRecordSchema },
    errors: [404],
    handle: async (ctx) => ok(await ctx.core.imports.get(ctx.userId, param(ctx, 'id'))),
  },
  {
    method: 'DELETE',
    path: '/api/imports/:id',
    operationId: 'undoImport',
    summary: 'Undo an import: remove the trades it created (409 naming those edited since, unless force=true)',
    tag: 'imports',
    auth: true,
    scope: 'import',
    query: importUndoQuerySchema,
    response: { status: 200, description: 'The import record, now undone', schema: importRecordSchema },
    errors: [404, 409],
    handle: async (ctx) => {
      const { force } = parseInput(importUndoQuerySchema, ctx.query);
      return ok(await ctx.core.imports.undo(ctx.userId, param(ctx, 'id'), { force: force === true }));
    },
  },
];
