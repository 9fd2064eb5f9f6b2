import type { Accumulator } from '../analytics/accumulator.js';
import type { ClosedTradeFact } from '../summaries/fact.js';
import { isLoss, isWin } from '../summaries/outcome.js';

/** The ids of the best and the worst closed trades by result. */
export interface Extremes {
  /** Highest results first (only winning trades). */
  best: string[];
  /** Lowest results first (only losing trades). */
  worst: string[];
}

/** Keeps the `n` facts that rank first by `before` in a small sorted array. */
function topN(n: number, before: (a: ClosedTradeFact, b: ClosedTradeFact) => boolean) {
  const kept: ClosedTradeFact[] = [];
  return {
    offer(fact: ClosedTradeFact): void {
      if (kept.length === n && !before(fact, kept[n - 1] as ClosedTradeFact)) return;
      let i = kept.length;
      while (i > 0 && before(fact, kept[i - 1] as ClosedTradeFact)) i--;
      kept.splice(i, 0, fact);
      if (kept.length > n) kept.pop();
    },
    ids: () => kept.map((f) => f.id),
  };
}

/**
 * The `n` best winning and `n` worst losing trades. Ties keep the earlier exit first (facts
 * arrive in exit order), so the answer is the same on every database.
 *
 * @example createExtremesAccumulator(10)
 */
export function createExtremesAccumulator(n: number): Accumulator<Extremes> {
  const best = topN(n, (a, b) => a.resultMicros > b.resultMicros);
  const worst = topN(n, (a, b) => a.resultMicros < b.resultMicros);
  return {
    add(fact) {
      if (isWin(fact.resultMicros)) best.offer(fact);
      else if (isLoss(fact.resultMicros)) worst.offer(fact);
    },
    result: () => ({ best: best.ids(), worst: worst.ids() }),
  };
}
