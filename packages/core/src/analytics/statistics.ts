import type { z } from 'zod';
import type { statisticsSchema } from '@tj/schemas';
import { fromMicros, round8 } from '../shared/money.js';
import type { Accumulator } from './accumulator.js';
import { meanR, rawMeanR, sampleStdDevR } from '../summaries/exact-r.js';
import type { SegmentState } from '../summaries/day-fields.js';
import { Segment } from '../summaries/segment.js';
import { meanMoney, profitFactorOf, winRateOf } from './tally.js';

/**
 * Trade statistics of contract section 3 and docs/analytics.md (openTrades and excursions are
 * added by the caller). Money is in money units; loss figures are negative. Figures that need a win, a loss
 * or an R multiple are null without one.
 */
export type Statistics = Omit<z.output<typeof statisticsSchema>, 'openTrades' | 'currency' | 'fx' | 'excursions'>;

const meanOrNull = (sum: number, n: number): number | null => (n === 0 ? null : round8(sum / n));

/**
 * The statistics of a segment of closed trades. The one place the figures are derived, whether
 * the segment was fed trade by trade (the scan) or folded from day summaries.
 */
export function statisticsOf(s: SegmentState): Statistics {
  const { wins, losses, trades } = s;
  const stdDev = sampleStdDevR(s.rN, s.rSum, s.rSq);
  return {
    totalTrades: trades,
    wins,
    losses,
    breakeven: trades - wins - losses,
    winRate: winRateOf(wins, trades),
    profitFactor: profitFactorOf(s.grossProfit, s.grossLoss, losses),
    expectancy: meanMoney(s.pnl, trades),
    totalPnL: fromMicros(s.pnl),
    maxDrawdown: fromMicros(s.maxDrawdown),
    grossProfit: fromMicros(s.grossProfit),
    grossLoss: fromMicros(s.grossLoss),
    averageWin: wins === 0 ? null : meanMoney(s.grossProfit, wins),
    averageLoss: losses === 0 ? null : meanMoney(s.grossLoss, losses),
    largestWin: wins === 0 ? null : fromMicros(s.largestWin),
    largestLoss: losses === 0 ? null : fromMicros(s.largestLoss),
    payoffRatio: wins === 0 || losses === 0 ? null : round8((s.grossProfit * losses) / (-s.grossLoss * wins)),
    averageR: meanR(s.rSum, s.rN),
    averageWinR: meanR(s.winRSum, s.winRN),
    averageLossR: meanR(s.lossRSum, s.lossRN),
    stdDevR: stdDev === null ? null : round8(stdDev),
    sqn: stdDev === null || stdDev === 0 ? null : round8((rawMeanR(s) / stdDev) * Math.sqrt(Math.min(s.rN, 100))),
    totalFees: fromMicros(s.fees),
    longestWinStreak: s.longestWin,
    longestLossStreak: s.longestLoss,
    currentStreak: s.lastRun,
    averageWinHoldingSeconds: meanOrNull(s.winHoldMs / 1000, wins),
    averageLossHoldingSeconds: meanOrNull(s.lossHoldMs / 1000, losses),
  };
}

/**
 * Single-pass statistics of closed trades fed in (exitTime, id) order (drawdown and streaks
 * depend on it): one {@link Segment}, so memory stays constant.
 */
export function createStatisticsAccumulator(): Accumulator<Statistics> {
  const seg = new Segment();
  return {
    add: (fact) => seg.add(fact),
    result: () => statisticsOf(seg.state()),
  };
}
