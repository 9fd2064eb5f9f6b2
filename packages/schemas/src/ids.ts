import { z } from 'zod';
import { idSchema } from './common.js';

/** The kinds of record whose ids can be shortened. */
export const idKindSchema = z.enum(['trade', 'journal', 'alert', 'webhook', 'import', 'corporateAction']);

/** Query of GET /api/short-ids: a kind and up to 100 comma-separated ids. */
export const shortIdsQuerySchema = z.strictObject({
  kind: idKindSchema,
  ids: z
    .string()
    .transform((s) => s.split(',').map((id) => id.trim()))
    .pipe(z.array(idSchema).min(1).max(100))
    .meta({ description: 'Up to 100 ids, comma-separated' }),
});

/** Response of GET /api/short-ids: each id's shortest unique start among the user's ids of its kind. */
export const shortIdsSchema = z
  .object({ shortIds: z.record(z.string(), z.string()) })
  .meta({ id: 'ShortIds', description: 'Each id mapped to the fewest of its first characters (at least 8) no other id shares' });

/** A kind of record with ids. */
export type IdKind = z.output<typeof idKindSchema>;
/** Answer of GET /api/short-ids. */
export type ShortIds = z.output<typeof shortIdsSchema>;
