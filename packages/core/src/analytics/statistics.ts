import type { z } from 'zod';
import type { statisticsSchema } from '@tj/schemas';
import { fromMicros, round8 } from '../shared/money.js';
import type { Accumulator } from './accumulator.js';
import { RunningMoments, Streaks } from './running.js';
import { Tally, averageROf, meanMoney, profitFactorOf, winRateOf } from './tally.js';

/**
 * Trade statistics of contract section 3 and docs/analytics.md (openTrades is added by the
 * caller). Money is in money units; loss figures are negative. Figures that need a win, a loss
 * or an R multiple are null without one.
 */
export type Statistics = Omit<z.output<typeof statisticsSchema>, 'openTrades'>;

const meanOrNull = (sum: number, n: number): number | null => (n === 0 ? null : round8(sum / n));

/**
 * Single-pass statistics of closed trades fed in (exitTime, id) order (drawdown and streaks
 * depend on it): every figure is a running sum, extreme or count, so memory stays constant.
 */
export function createStatisticsAccumulator(): Accumulator<Statistics> {
  const t = new Tally();
  const streaks = new Streaks();
  const allR = new RunningMoments();
  const winR = new RunningMoments();
  const lossR = new RunningMoments();
  let cum = 0;
  let peak = 0;
  let maxDd = 0;
  let largestWin = 0;
  let largestLoss = 0;
  let fees = 0;
  let winHoldMs = 0;
  let lossHoldMs = 0;
  return {
    add(fact) {
      t.add(fact);
      const r = fact.resultMicros;
      const rm = fact.rMultiple;
      cum += r;
      if (cum > peak) peak = cum;
      else if (peak - cum > maxDd) maxDd = peak - cum;
      fees += fact.feesMicros;
      streaks.add(r);
      const hasR = rm !== null && Number.isFinite(rm);
      if (hasR) allR.add(rm);
      if (r > 0) {
        if (r > largestWin) largestWin = r;
        winHoldMs += fact.exitTime - fact.entryTime;
        if (hasR) winR.add(rm);
      } else if (r < 0) {
        if (r < largestLoss) largestLoss = r;
        lossHoldMs += fact.exitTime - fact.entryTime;
        if (hasR) lossR.add(rm);
      }
    },
    result() {
      const { wins, losses } = t;
      const stdDev = allR.sampleStdDev();
      return {
        totalTrades: t.trades,
        wins,
        losses,
        breakeven: t.trades - wins - losses,
        winRate: winRateOf(wins, t.trades),
        profitFactor: profitFactorOf(t.grossProfit, t.grossLoss, losses),
        expectancy: meanMoney(t.pnl, t.trades),
        totalPnL: fromMicros(t.pnl),
        maxDrawdown: fromMicros(maxDd),
        grossProfit: fromMicros(t.grossProfit),
        grossLoss: fromMicros(t.grossLoss),
        averageWin: wins === 0 ? null : meanMoney(t.grossProfit, wins),
        averageLoss: losses === 0 ? null : meanMoney(t.grossLoss, losses),
        largestWin: wins === 0 ? null : fromMicros(largestWin),
        largestLoss: losses === 0 ? null : fromMicros(largestLoss),
        payoffRatio: wins === 0 || losses === 0 ? null : round8((t.grossProfit * losses) / (-t.grossLoss * wins)),
        averageR: averageROf(t),
        averageWinR: winR.meanOrNull(),
        averageLossR: lossR.meanOrNull(),
        stdDevR: stdDev === null ? null : round8(stdDev),
        sqn: stdDev === null || stdDev === 0 ? null : round8((allR.mean() / stdDev) * Math.sqrt(Math.min(allR.n, 100))),
        totalFees: fromMicros(fees),
        longestWinStreak: streaks.longestWin,
        longestLossStreak: streaks.longestLoss,
        currentStreak: streaks.current,
        averageWinHoldingSeconds: meanOrNull(winHoldMs / 1000, wins),
        averageLossHoldingSeconds: meanOrNull(lossHoldMs / 1000, losses),
      };
    },
  };
}
