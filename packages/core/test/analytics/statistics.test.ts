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
    account: null,
    assetClass: null,
    strategy: null,
    entryTime: t - 30_000,
    exitTime: t,
    resultMicros: toMicros(result),
    feesMicros: 0,
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
      averageWin: null,
      averageLoss: null,
      largestWin: null,
      largestLoss: null,
      payoffRatio: null,
      averageR: null,
      averageWinR: null,
      averageLossR: null,
      stdDevR: null,
      sqn: null,
      totalFees: 0,
      longestWinStreak: 0,
      longestLossStreak: 0,
      currentStreak: 0,
      averageWinHoldingSeconds: null,
      averageLossHoldingSeconds: null,
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
      // 75 ÷ 300
      payoffRatio: 0.25,
      // R over the three trades with one: 1, -1.5, 0
      averageR: -0.16666667,
      averageWinR: 1,
      averageLossR: -1.5,
      // sample deviation: √((49/36 + 64/36 + 1/36) ÷ 2) = √(57/36)
      stdDevR: 1.25830574,
      // (-1/6 ÷ √(57/36)) × √3
      sqn: -0.22941573,
      totalFees: 0,
      longestWinStreak: 1,
      longestLossStreak: 1,
      // the last trade is breakeven: no run
      currentStreak: 0,
      // every fact is held 30 s
      averageWinHoldingSeconds: 30,
      averageLossHoldingSeconds: 30,
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
    expect(s.averageLoss).toBeNull();
    expect(s.largestLoss).toBeNull();
    expect(s.payoffRatio).toBeNull();
    expect(s.averageLossR).toBeNull();
    expect(s.averageLossHoldingSeconds).toBeNull();
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
    expect(s.currentStreak).toBe(1);
    expect(stats([10, -1, -1].map((r) => fact(r))).currentStreak).toBe(-2);
    expect(stats([-1, 10, 10, 10].map((r) => fact(r))).currentStreak).toBe(3);
  });

  it('answers the journal figures of a hand-computed set: holding times, fees, R per win and loss, SQN', () => {
    const held = (result: number, r: number | null, seconds: number, fees: number) => {
      const f = fact(result, r);
      return { ...f, entryTime: f.exitTime - seconds * 1000, feesMicros: toMicros(fees) };
    };
    // wins: +200 (R 2, 10 min), +100 (R 1, 50 s); losses: -100 (R -1, 2 min), -50 (no R, 1 h); 0 (R 0, 1 s)
    const s = stats([
      held(200, 2, 600, 1.25),
      held(-100, -1, 120, 0.5),
      held(100, 1, 50, 0.1),
      held(-50, null, 3600, 2),
      held(0, 0, 1, 0.15),
    ]);
    expect(s.totalFees).toBe(4);
    expect(s.averageWinHoldingSeconds).toBe(325);
    expect(s.averageLossHoldingSeconds).toBe(1860);
    expect(s.averageWin).toBe(150);
    expect(s.averageLoss).toBe(-75);
    expect(s.payoffRatio).toBe(2);
    expect(s.largestWin).toBe(200);
    expect(s.largestLoss).toBe(-100);
    expect(s.averageWinR).toBe(1.5);
    expect(s.averageLossR).toBe(-1);
    // R: 2, -1, 1, 0 → mean 0.5; squared deviations 2.25 + 2.25 + 0.25 + 0.25 = 5; ÷ 3 → √(5/3)
    expect(s.averageR).toBe(0.5);
    expect(s.stdDevR).toBe(1.29099445);
    // 0.5 ÷ √(5/3) × √4
    expect(s.sqn).toBe(0.77459667);
    expect(s.currentStreak).toBe(0);
    expect(s.longestWinStreak).toBe(1);
  });

  it('caps the SQN trade count at 100 and has none when every R is the same', () => {
    const rs = Array.from({ length: 400 }, (_, i) => (i % 2 === 0 ? 2 : -1));
    const s = stats(rs.map((r) => fact(r * 10, r)));
    // mean 0.5, sample deviation √(400 × 2.25 ÷ 399); SQN uses √100, not √400
    const sd = Math.sqrt((400 * 2.25) / 399);
    expect(s.stdDevR).toBe(round8(sd));
    expect(s.sqn).toBe(round8((0.5 / sd) * 10));
    expect(stats([fact(10, 1), fact(20, 1)]).sqn).toBeNull();
    expect(stats([fact(10, 1)]).stdDevR).toBeNull();
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
  const runs = (pred: (r: number) => boolean, last = false) => {
    let best = 0;
    let run = 0;
    for (const r of results) {
      run = pred(r) ? run + 1 : 0;
      best = Math.max(best, run);
    }
    return last ? run : best;
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
    averageWin: wins.length === 0 ? null : round8(sum(wins) / wins.length / 1e6),
    averageLoss: losses.length === 0 ? null : round8(sum(losses) / losses.length / 1e6),
    largestWin: wins.length === 0 ? null : fromMicros(Math.max(...wins)),
    largestLoss: losses.length === 0 ? null : fromMicros(Math.min(...losses)),
    averageR: withR.length === 0 ? null : round8(withR.reduce((a, b) => a + b * 100, 0) / 100 / withR.length),
    totalFees: 0,
    longestWinStreak: runs((r) => r > 0),
    longestLossStreak: runs((r) => r < 0),
    currentStreak:
      results.length === 0
        ? 0
        : results.at(-1) === 0
          ? 0
          : (results.at(-1) as number) > 0
            ? runs((r) => r > 0, true)
            : -runs((r) => r < 0, true),
    averageWinHoldingSeconds: wins.length === 0 ? null : 30,
    averageLossHoldingSeconds: losses.length === 0 ? null : 30,
    ...rFigures(results, rs),
  };
}

/** The R figures by their textbook two-pass formulas (compared within 1e-8). */
function rFigures(results: number[], rs: (number | null)[]) {
  const mean = (xs: number[]) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);
  const all = rs.filter((r): r is number => r !== null);
  const wins = results.filter((r) => r > 0);
  const losses = results.filter((r) => r < 0);
  const m = mean(all) ?? 0;
  const sd = all.length < 2 ? null : Math.sqrt(all.reduce((a, r) => a + (r - m) ** 2, 0) / (all.length - 1));
  return {
    payoffRatio: wins.length === 0 || losses.length === 0 ? null : (mean(wins) as number) / -(mean(losses) as number),
    averageWinR: mean(rs.filter((r, i): r is number => r !== null && (results[i] as number) > 0)),
    averageLossR: mean(rs.filter((r, i): r is number => r !== null && (results[i] as number) < 0)),
    stdDevR: sd,
    sqn: sd === null || sd < 1e-12 ? null : (m / sd) * Math.sqrt(Math.min(all.length, 100)),
  };
}

const FLOAT_FIGURES = ['averageR', 'payoffRatio', 'averageWinR', 'averageLossR', 'stdDevR', 'sqn'] as const;

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
        const gotRest: Record<string, unknown> = { ...got };
        const wantRest: Record<string, unknown> = { ...want };
        for (const key of FLOAT_FIGURES) {
          delete gotRest[key];
          delete wantRest[key];
          const w = want[key];
          if (w === null) expect(got[key], key).toBeNull();
          else expect(Math.abs((got[key] as number) - w), key).toBeLessThanOrEqual(1e-7 * Math.max(1, Math.abs(w)));
        }
        expect(gotRest).toEqual(wantRest);
      }),
      { numRuns: 500 },
    );
  });
});
