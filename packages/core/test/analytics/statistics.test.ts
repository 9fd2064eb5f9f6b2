import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accumulate, combine, createStatisticsAccumulator } from '../../src/analytics/index.js';
import type { ClosedTradeFact } from '../../src/analytics/index.js';
import { fromMicros, round8, toMicros } from '../../src/shared/money.js';

let seq = 0;
/** A fact with a result in money; times one minute apart unless given. */
function fact(result: number, rMultiple: number | null = null, extra: Partial<ClosedTradeFact> = {}): ClosedTradeFact {
  seq++;
  const t = Date.parse('2026-01-05T10:00:00Z') + seq * 60_000;
  return {
    id: `t${String(seq).padStart(6, '0')}`,
    instrument: 'ES',
    setupType: null,
    tags: [],
    entryTime: t - 30_000,
    exitTime: t,
    resultMicros: toMicros(result),
    rMultiple,
    ...extra,
  };
}
const stats = (facts: ClosedTradeFact[]) => accumulate(createStatisticsAccumulator(), facts);

describe('statistics', () => {
  it('answers zeros and nulls without trades', () => {
    expect(stats([])).toEqual({
      totalTrades: 0,
      wins: 0,
      losses: 0,
      breakeven: 0,
      winRate: 0,
      profitFactor: null,
      expectancy: 0,
      totalPnL: 0,
      maxDrawdown: 0,
      grossProfit: 0,
      grossLoss: 0,
      averageWin: 0,
      averageLoss: 0,
      largestWin: 0,
      largestLoss: 0,
      averageR: null,
      longestWinStreak: 0,
      longestLossStreak: 0,
    });
  });

  it('counts a breakeven trade, skips a missing R and lets drawdown go below zero', () => {
    // +100 (R 1), -300 (R -1.5), +50 (no stop), 0 (R 0): cumulative 100, -200, -150, -150.
    expect(stats([fact(100, 1), fact(-300, -1.5), fact(50), fact(0, 0)])).toEqual({
      totalTrades: 4,
      wins: 2,
      losses: 1,
      breakeven: 1,
      winRate: 50,
      profitFactor: 0.5,
      expectancy: -37.5,
      totalPnL: -150,
      maxDrawdown: 300,
      grossProfit: 150,
      grossLoss: -300,
      averageWin: 75,
      averageLoss: -300,
      largestWin: 100,
      largestLoss: -300,
      averageR: -0.16666667,
      longestWinStreak: 1,
      longestLossStreak: 1,
    });
  });

  it('measures drawdown from the starting 0 when the first trade loses', () => {
    expect(stats([fact(-50), fact(20), fact(-40)]).maxDrawdown).toBe(70);
    expect(stats([fact(100), fact(-300), fact(50)]).maxDrawdown).toBe(300);
  });

  it('has no profit factor without a losing trade', () => {
    const s = stats([fact(10, 2), fact(20, 1), fact(0)]);
    expect(s.profitFactor).toBeNull();
    expect(s.maxDrawdown).toBe(0);
    expect(s.averageLoss).toBe(0);
    expect(s.largestLoss).toBe(0);
    expect(s.averageR).toBe(1.5);
    expect(s.winRate).toBe(66.66666667);
  });

  it('takes a short with fees and multiplier as its result', () => {
    // short 10 @ 100, exit 95, multiplier 2, fees 3: (95 - 100) × 10 × 2 × −1 − 3 = 97.
    const s = stats([fact(97, 0.97), fact(-3)]);
    expect(s.totalPnL).toBe(94);
    expect(s.profitFactor).toBe(32.33333333);
  });

  it('counts streaks, a breakeven trade ending a run', () => {
    const s = stats([10, 10, 10, -1, -1, 0, -1, 10].map((r) => fact(r)));
    expect(s.longestWinStreak).toBe(3);
    expect(s.longestLossStreak).toBe(2);
  });

  it('adds 10,000 results of 0.1 to exactly 1000', () => {
    const facts = Array.from({ length: 10_000 }, () => fact(0.1));
    const s = stats(facts);
    expect(s.totalPnL).toBe(1000);
    expect(s.expectancy).toBe(0.1);
    expect(s.grossProfit).toBe(1000);
    expect(s.averageWin).toBe(0.1);
    expect(s.largestWin).toBe(0.1);
  });

  it('composes with other accumulators in one pass', () => {
    const acc = combine({ a: createStatisticsAccumulator(), b: createStatisticsAccumulator() });
    const out = accumulate(acc, [fact(5), fact(-2)]);
    expect(out.a.totalPnL).toBe(3);
    expect(out.b).toEqual(out.a);
  });
});

/** Straightforward reference, all money in micros. */
function reference(results: number[], rs: (number | null)[]) {
  const n = results.length;
  const wins = results.filter((r) => r > 0);
  const losses = results.filter((r) => r < 0);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const cum = results.map((_, i) => sum(results.slice(0, i + 1)));
  let maxDd = 0;
  const curve = [0, ...cum];
  for (let i = 0; i < curve.length; i++) {
    for (let j = i; j < curve.length; j++) maxDd = Math.max(maxDd, (curve[i] as number) - (curve[j] as number));
  }
  const runs = (pred: (r: number) => boolean) => {
    let best = 0;
    let run = 0;
    for (const r of results) {
      run = pred(r) ? run + 1 : 0;
      best = Math.max(best, run);
    }
    return best;
  };
  const withR = rs.filter((r): r is number => r !== null);
  return {
    totalTrades: n,
    wins: wins.length,
    losses: losses.length,
    breakeven: n - wins.length - losses.length,
    winRate: n === 0 ? 0 : round8((wins.length * 100) / n),
    profitFactor: losses.length === 0 ? null : round8(sum(wins) / -sum(losses)),
    expectancy: n === 0 ? 0 : round8(sum(results) / n / 1e6),
    totalPnL: fromMicros(sum(results)),
    maxDrawdown: fromMicros(maxDd),
    grossProfit: fromMicros(sum(wins)),
    grossLoss: fromMicros(sum(losses)),
    averageWin: wins.length === 0 ? 0 : round8(sum(wins) / wins.length / 1e6),
    averageLoss: losses.length === 0 ? 0 : round8(sum(losses) / losses.length / 1e6),
    largestWin: fromMicros(Math.max(0, ...results)),
    largestLoss: fromMicros(Math.min(0, ...results)),
    averageR: withR.length === 0 ? null : round8(withR.reduce((a, b) => a + b * 100, 0) / 100 / withR.length),
    longestWinStreak: runs((r) => r > 0),
    longestLossStreak: runs((r) => r < 0),
  };
}

describe('statistics property', () => {
  it('matches the reference implementation', () => {
    const trade = fc.record({
      micros: fc.oneof(fc.integer({ min: -5_000_000_000, max: 5_000_000_000 }), fc.constant(0)),
      r: fc.option(
        fc.integer({ min: -500, max: 1500 }).map((c) => c / 100),
        { nil: null },
      ),
    });
    fc.assert(
      fc.property(fc.array(trade, { maxLength: 60 }), (trades) => {
        const facts = trades.map((t) => ({ ...fact(0, t.r), resultMicros: t.micros }));
        const got = stats(facts);
        const want = reference(
          trades.map((t) => t.micros),
          trades.map((t) => t.r),
        );
        const { averageR: gotR, ...gotRest } = got;
        const { averageR: wantR, ...wantRest } = want;
        expect(gotRest).toEqual(wantRest);
        if (wantR === null) expect(gotR).toBeNull();
        else expect(Math.abs((gotR as number) - wantR)).toBeLessThanOrEqual(1e-8);
      }),
      { numRuns: 500 },
    );
  });
});
