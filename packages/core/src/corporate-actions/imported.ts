/**
 * The corporate actions an import read from a broker file: stored with the import's id, once
 * (a re-imported file, or an action the user entered already, is not stored again). Applying them
 * to positions is the import engine's: inside the matching for the file's fills, and
 * `applyToStoredTrades` for stored open trades the file has no fills of.
 */
import type { CoreDeps } from '../shared/deps.js';
import type { Repositories } from '../storage/ports.js';
import type { CorporateActionRow } from '../storage/rows.js';
import { type CorporateActionFields, corporateActionRow } from './record.js';

/** What {@link storeImportedActions} did. */
export interface StoredImportActions {
  /** The actions stored, in the order given. */
  stored: CorporateActionRow[];
  /** Actions already stored (by their key), or given twice. */
  duplicates: number;
}

/**
 * Stores the actions of an import inside its transaction, each keeping `importId` (undoing the
 * import removes them); an action whose key is stored already, or that came earlier in `actions`,
 * is counted as a duplicate instead.
 *
 * @example const { stored } = await storeImportedActions(tx, deps, userId, importId, [{ kind: 'split', account: 'U1', instrument: 'AAPL', effectiveAt, ratio: { new: 4, old: 1 } }]);
 */
export async function storeImportedActions(
  tx: Repositories,
  deps: Pick<CoreDeps, 'clock' | 'ids'>,
  userId: string,
  importId: string | null,
  actions: readonly CorporateActionFields[],
): Promise<StoredImportActions> {
  const now = deps.clock.now();
  const rows = actions.map((a) => corporateActionRow(a, { userId, id: deps.ids.next(), importId, createdAt: now }));
  const seen = await tx.corporateActions.existingKeys(
    userId,
    rows.map((r) => r.actionKey),
  );
  const stored: CorporateActionRow[] = [];
  for (const row of rows) {
    if (seen.has(row.actionKey)) continue;
    seen.add(row.actionKey);
    await tx.corporateActions.insert(row);
    stored.push(row);
  }
  return { stored, duplicates: rows.length - stored.length };
}
