import { type IdKind, shortIdsQuerySchema, type ShortIds } from '@tj/schemas';
import type { CoreDeps } from '../shared/deps.js';
import { shortIdOf } from '../shared/id-prefix.js';
import { parseInput } from '../shared/validate.js';
import type { IdTable } from '../storage/ports.js';

const TABLES: Record<IdKind, IdTable> = {
  trade: 'trades',
  journal: 'journal_entries',
  alert: 'alerts',
  webhook: 'webhooks',
  import: 'imports',
  corporateAction: 'corporate_actions',
};

/**
 * Short ids for people: each id's fewest first characters (at least 8) that no other id of the
 * same kind of the user shares, so a list can show them and any command can take them back as an
 * id prefix (lists take `idPrefix`). UUID v7 ids made in the same millisecond share their first
 * characters, so short ids of imported trades are longer.
 *
 * @example const { shortIds } = await ids(deps).short(userId, { kind: 'trade', ids: trade.id });
 */
export function ids(deps: CoreDeps) {
  return {
    /** The short id of each of the given ids (`{ kind, ids }`, the ids comma-separated). */
    async short(userId: string, input: unknown): Promise<ShortIds> {
      const q = parseInput(shortIdsQuerySchema, input);
      const unique = [...new Set(q.ids)];
      const found = await deps.storage.repos.ids.neighbours(TABLES[q.kind], userId, unique);
      const shortIds: Record<string, string> = {};
      unique.forEach((id, i) => {
        shortIds[id] = shortIdOf(id, found[i]?.before, found[i]?.after);
      });
      return { shortIds };
    },
  };
}
