import { isFullId, isShortId } from '@tj/schemas';
import type { IdRepo, IdTable } from '../storage/ports.js';
import { CoreError, ErrorCode } from './errors.js';

/** How many records an ambiguous short id's error names. */
const NAMED = 5;

/**
 * The full id of a user's record in `table` given as its full id or its short id; undefined
 * when the text is neither or no record has that short id. A short id several records share is
 * an `ambiguous_id` error naming them (`what` names the kind: "trade").
 *
 * @example const id = await recordId(tx.ids, 'trades', userId, '0c9d3f7a61', 'trade');
 */
export async function recordId(
  ids: IdRepo,
  table: IdTable,
  userId: string,
  given: string,
  what: string,
): Promise<string | undefined> {
  if (isFullId(given)) return given.toLowerCase();
  if (!isShortId(given)) return undefined;
  const found = await ids.byShortId(table, userId, given, NAMED + 1);
  if (found.length <= 1) return found[0];
  const named = found.slice(0, NAMED).join(', ');
  throw new CoreError(
    ErrorCode.ambiguousId,
    `${found.length > NAMED ? `more than ${NAMED}` : found.length} ${what}s have the short id ${given.toLowerCase()}: give the full id (${named})`,
  );
}
