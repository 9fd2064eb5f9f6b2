import type { Step } from './sweep.js';

/** What an evaluation may fire for: the steps of some trades (a write, an import), or of a stretch of bars of one series. */
export interface MarkScope {
  tradeIds?: ReadonlySet<string>;
  /** Marks from bars of this series starting in [from, to). */
  bars?: { instrumentKey: string; from: number; to: number };
}

/** True when a step is one the scope may fire for. */
export function inScope(scope: MarkScope, step: Step): boolean {
  if (scope.tradeIds?.has(step.tradeId)) return true;
  const b = scope.bars;
  return (
    b !== undefined && step.kind === 'mark' && step.mark.instrument === b.instrumentKey && step.time >= b.from && step.time < b.to
  );
}
