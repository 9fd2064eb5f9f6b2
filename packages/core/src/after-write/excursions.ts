/**
 * Excursions follow the writes they depend on, in the writing transaction (docs/analytics.md,
 * "Excursions"): bars arriving recompute the closed trades they overlap; a trade written gets
 * its own computed.
 */
import { seriesFor } from '../market/series.js';
import { excursionRun, updateExcursions } from '../excursions/recompute.js';
import type { Repositories } from '../storage/ports.js';
import type { TradeRow } from '../storage/rows.js';
import type { AfterBars } from './bars.js';

/**
 * After bars of a series were stored over [from, to): the closed trades open during that stretch
 * measured on that series (their own instrument, or a contract whose continuous root it is) are
 * computed again; those whose excursion changed are stored, and the data version bumped.
 */
export const excursionsAfterBars: AfterBars = async (tx, stored) => {
  const { userId, instrumentKey, from, to } = stored;
  const found = await tx.excursions.closedOverlapping(userId, instrumentKey, from, to);
  const measured = found.filter((t) => seriesFor(t).some((s) => s.instrumentKey === instrumentKey));
  if (measured.length === 0) return;
  const { changed } = await updateExcursions(excursionRun(tx, userId), measured);
  // Analytics read the figures: their cache follows the data version.
  if (changed > 0) await tx.trades.bumpDataVersion(userId);
};

/** A trade just written with its excursion computed and stored (in `tx`; the trade write bumped the data version already). */
export async function withExcursion(tx: Repositories, row: TradeRow): Promise<TradeRow> {
  const { byId } = await updateExcursions(excursionRun(tx, row.userId), [row]);
  return { ...row, excursion: byId.get(row.id) ?? null };
}
