import { z } from 'zod';

export { isFullId, isShortId, SHORT_ID_LENGTH, shortId } from './short-id.js';

/** A record's id as a path takes it: the full id or its short id. */
export const recordIdSchema = z
  .string()
  .regex(/^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[0-9a-fA-F]{10})$/, {
    message: 'must be an id or a short id (its last 10 characters)',
  })
  .meta({
    description: 'The record’s id (a UUID) or its short id: the id’s last 10 hexadecimal digits, as lists show them',
    example: '0c9d3f7a61',
  });

/** The kinds of record with ids people type. */
export const idKindSchema = z.enum(['trade', 'journal', 'alert', 'webhook', 'import', 'corporateAction']);

/** A kind of record with ids. */
export type IdKind = z.output<typeof idKindSchema>;
