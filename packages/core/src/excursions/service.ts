import type { CoreDeps } from '../shared/deps.js';
import type { TradeRow } from '../storage/rows.js';
import { excursionRun, updateExcursions } from './recompute.js';

/** Trades read per page when every excursion of a user is recomputed. */
const PAGE = 2000;

/**
 * Excursions (docs/analytics.md, "Excursions"): they are computed when trades or bars are written
 * and stored with the trade; `recompute` computes every closed trade of a user again, in one
 * transaction (after a change of bars outside core, or to measure the work).
 *
 * @example const { trades, changed } = await core.excursions.recompute(userId);
 */
export function excursions(deps: CoreDeps) {
  return {
    /** Recomputes the excursion of each closed trade of the user; answers how many trades were computed and how many changed. */
    recompute: (userId: string): Promise<{ trades: number; changed: number }> =>
      deps.storage.transaction(async (tx) => {
        const run = excursionRun(tx, userId);
        let trades = 0;
        let changed = 0;
        let after: string | null = null;
        for (;;) {
          const page: TradeRow[] = await tx.excursions.closedTrades(userId, after, PAGE);
          if (page.length === 0) break;
          const computed = await updateExcursions(run, page);
          trades += page.length;
          for (const t of page) if (JSON.stringify(computed.get(t.id)) !== JSON.stringify(t.excursion)) changed++;
          after = (page.at(-1) as TradeRow).id;
        }
        return { trades, changed };
      }),
  };
}
