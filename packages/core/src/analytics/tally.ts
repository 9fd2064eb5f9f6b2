import { fromMicros, round8 } from '../shared/money.js';
import { meanR, ScaledRSum } from '../summaries/exact-r.js';
import type { ClosedTradeFact } from '../summaries/fact.js';
import { outcomeOf } from '../summaries/outcome.js';
import { ExcursionTally } from './excursion-tally.js';

/** Counts and integer micro sums of a group of trades (one bucket, one category). */
export class Tally {
  trades = 0;
  wins = 0;
  losses = 0;
  /** Sum of results, micros. */
  pnl = 0;
  /** Sum of winning results, micros (≥ 0). */
  grossProfit = 0;
  /** Sum of losing results, micros (≤ 0). */
  grossLoss = 0;
  rCount = 0;
  /** Sum of the R multiples, scaled by 1e8 (exact). */
  readonly rSum = new ScaledRSum();
  /** The trades' excursion figures (docs/analytics.md, "Excursions"). */
  readonly excursions = new ExcursionTally();

  /**
   * Adds one trade: its whole result decides win or loss, while `pnl` takes what the close books
   * (the result less `realizedMicros`, what its partial exits booked before; 0 by default).
   */
  add(fact: ClosedTradeFact, realizedMicros = 0): void {
    const r = fact.resultMicros;
    const outcome = outcomeOf(r);
    this.trades++;
    this.pnl += r - realizedMicros;
    if (outcome > 0) {
      this.wins++;
      this.grossProfit += r;
    } else if (outcome < 0) {
      this.losses++;
      this.grossLoss += r;
    }
    const rm = fact.rMultiple;
    if (rm !== null && Number.isFinite(rm)) {
      this.rCount++;
      this.rSum.add(rm);
    }
    this.excursions.add(fact);
  }

  /** Adds P&L booked without a close (a partial exit), micros: no trade, win or loss. */
  book(pnlMicros: number): void {
    this.pnl += pnlMicros;
  }

  /** Adds the counts and P&L (micros) of several trades at once (no R multiples). */
  addCounts(c: { trades: number; wins: number; losses: number; pnl: number }): void {
    this.trades += c.trades;
    this.wins += c.wins;
    this.losses += c.losses;
    this.pnl += c.pnl;
  }
}

/** wins ÷ trades × 100, rounded to 8 decimals; 0 without trades. */
export function winRateOf(wins: number, trades: number): number {
  return trades === 0 ? 0 : round8((wins / trades) * 100);
}

/** gross profit ÷ |gross loss| (both micros), rounded; null when there is no losing trade. */
export function profitFactorOf(grossProfit: number, grossLoss: number, losses: number): number | null {
  return losses === 0 ? null : round8(grossProfit / -grossLoss);
}

/** Mean of a micro sum over `n`, as money rounded to 8 decimals; 0 when n is 0. */
export function meanMoney(micros: number, n: number): number {
  return n === 0 ? 0 : round8(fromMicros(micros / n));
}

/** Mean R of a tally, rounded; null when no trade has an R multiple. */
export function averageROf(t: Tally): number | null {
  return meanR(t.rSum.value(), t.rCount);
}
