import { fromMicros } from '../shared/money.js';
import type { Accumulator } from './accumulator.js';
import { Tally, averageROf, meanMoney, profitFactorOf, winRateOf } from './tally.js';

/**
 * Trade statistics of contract section 3 (openTrades is added by the caller). Money is in
 * money units; loss figures (grossLoss, averageLoss, largestLoss) are negative or 0.
 */
export interface Statistics {
  totalTrades: number;
  wins: number;
  losses: number;
  /** Trades with result exactly 0: counted in totalTrades, neither win nor loss. */
  breakeven: number;
  /** Percentage 0–100. */
  winRate: number;
  /** grossProfit ÷ |grossLoss|; null when there is no losing trade. */
  profitFactor: number | null;
  /** totalPnL ÷ totalTrades; 0 without trades. */
  expectancy: number;
  totalPnL: number;
  /** Largest peak-to-trough fall of cumulative P&L (curve starts at 0), positive; 0 when none. */
  maxDrawdown: number;
  /** Sum of winning results (≥ 0). */
  grossProfit: number;
  /** Sum of losing results (≤ 0, i.e. negative). */
  grossLoss: number;
  /** grossProfit ÷ wins; 0 without wins. */
  averageWin: number;
  /** grossLoss ÷ losses (negative); 0 without losses. */
  averageLoss: number;
  /** Best result; 0 without wins. */
  largestWin: number;
  /** Worst result (negative); 0 without losses. */
  largestLoss: number;
  /** Mean rMultiple over trades that have one; null when none. */
  averageR: number | null;
  /** Longest run of consecutive wins (a breakeven trade ends a run). */
  longestWinStreak: number;
  /** Longest run of consecutive losses (a breakeven trade ends a run). */
  longestLossStreak: number;
}

/** Single-pass statistics of closed trades fed in (exitTime, id) order (drawdown and streaks depend on it). */
export function createStatisticsAccumulator(): Accumulator<Statistics> {
  const t = new Tally();
  let cum = 0;
  let peak = 0;
  let maxDd = 0;
  let largestWin = 0;
  let largestLoss = 0;
  let winRun = 0;
  let lossRun = 0;
  let bestWinRun = 0;
  let bestLossRun = 0;
  return {
    add(fact) {
      t.add(fact);
      const r = fact.resultMicros;
      cum += r;
      if (cum > peak) peak = cum;
      else if (peak - cum > maxDd) maxDd = peak - cum;
      if (r > 0) {
        if (r > largestWin) largestWin = r;
        lossRun = 0;
        if (++winRun > bestWinRun) bestWinRun = winRun;
      } else if (r < 0) {
        if (r < largestLoss) largestLoss = r;
        winRun = 0;
        if (++lossRun > bestLossRun) bestLossRun = lossRun;
      } else {
        winRun = 0;
        lossRun = 0;
      }
    },
    result() {
      return {
        totalTrades: t.trades,
        wins: t.wins,
        losses: t.losses,
        breakeven: t.trades - t.wins - t.losses,
        winRate: winRateOf(t.wins, t.trades),
        profitFactor: profitFactorOf(t.grossProfit, t.grossLoss, t.losses),
        expectancy: meanMoney(t.pnl, t.trades),
        totalPnL: fromMicros(t.pnl),
        maxDrawdown: fromMicros(maxDd),
        grossProfit: fromMicros(t.grossProfit),
        grossLoss: fromMicros(t.grossLoss),
        averageWin: meanMoney(t.grossProfit, t.wins),
        averageLoss: meanMoney(t.grossLoss, t.losses),
        largestWin: fromMicros(largestWin),
        largestLoss: fromMicros(largestLoss),
        averageR: averageROf(t),
        longestWinStreak: bestWinRun,
        longestLossStreak: bestLossRun,
      };
    },
  };
}
