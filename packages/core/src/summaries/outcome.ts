/**
 * The contract's outcome of a closed trade: a win has result > 0, a loss result < 0, and a result
 * of exactly 0 is breakeven. The one place the rule is written; SQL spells it with
 * `outcomeCount` (adapters/sql/outcome-sql.ts).
 */
export type Outcome = 1 | -1 | 0;

/** The outcome of a result: 1 a win (> 0), −1 a loss (< 0), 0 breakeven. */
export function outcomeOf(result: number): Outcome {
  return result > 0 ? 1 : result < 0 ? -1 : 0;
}

/** True when a result is a win (see {@link outcomeOf}). */
export const isWin = (result: number): boolean => outcomeOf(result) === 1;

/** True when a result is a loss (see {@link outcomeOf}). */
export const isLoss = (result: number): boolean => outcomeOf(result) === -1;
