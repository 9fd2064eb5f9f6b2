import { coreDeps } from '@tj/core/internal';
import { type Core, createCore, type Storage, type Trade } from '@tj/core';
import { newTradeRow, toMicros } from '@tj/core/internal';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { newUser, testClock } from '../support/core.js';

const clock = testClock('2026-12-30T12:00:00.000Z');
const opened: Array<{ name: string; core: Core; storage: Storage; cleanup: () => Promise<void> }> = [];

beforeAll(async () => {
  for (const db of DATABASES.filter((d) => d.available)) {
    const o = await db.open();
    opened.push({
      name: db.name,
      storage: o.storage,
      cleanup: o.cleanup,
      core: createCore({ storage: o.storage, clock, auth: { passwordCost: { N: 1024, r: 8, p: 1 } } }),
    });
  }
});
afterAll(async () => {
  for (const o of opened) await o.cleanup();
});

const cents = (min: number, max: number) => fc.integer({ min: min * 100, max: max * 100 }).map((n) => n / 100);
const tradeArb = fc
  .record({
    instrument: fc.constantFrom('ES', 'NQ', 'aapl'),
    direction: fc.constantFrom('long', 'short'),
    entryPrice: cents(10, 500),
    positionSize: fc.integer({ min: 1, max: 40 }).map((n) => n / 4),
    multiplier: fc.constantFrom(1, 1, 50),
    fees: cents(0, 5),
    stopDistance: fc.option(cents(0.5, 9), { nil: undefined }),
    move: cents(-20, 20),
    entryMinute: fc.integer({ min: 0, max: 60 * 24 * 120 }),
    holdMinutes: fc.integer({ min: 0, max: 60 * 24 * 5 }),
    setupType: fc.option(fc.constantFrom('breakout', 'pullback'), { nil: undefined }),
    tags: fc.subarray(['a', 'b', 'c']),
    account: fc.option(fc.constantFrom('CME', 'IRA'), { nil: undefined }),
    assetClass: fc.option(fc.constantFrom('future', 'stock'), { nil: undefined }),
  })
  .map((t) => {
    const sign = t.direction === 'long' ? 1 : -1;
    const entry = Date.parse('2026-08-01T00:00:00Z') + t.entryMinute * 60_000;
    return {
      instrument: t.instrument,
      direction: t.direction,
      entryPrice: t.entryPrice,
      positionSize: t.positionSize,
      multiplier: t.multiplier,
      fees: t.fees,
      ...(t.stopDistance !== undefined && { stopLoss: Math.round((t.entryPrice - sign * t.stopDistance) * 100) / 100 }),
      exitPrice: Math.max(0.01, Math.round((t.entryPrice + t.move) * 100) / 100),
      entryTime: new Date(entry).toISOString(),
      exitTime: new Date(entry + t.holdMinutes * 60_000).toISOString(),
      ...(t.setupType !== undefined && { setupType: t.setupType }),
      tags: t.tags,
      ...(t.account !== undefined && { account: t.account }),
      ...(t.assetClass !== undefined && { assetClass: t.assetClass }),
    };
  });

/** The plain, obviously-right computation of the statistics the contract defines. */
function reference(trades: Trade[]) {
  const closed = trades
    .filter((t) => t.status === 'closed')
    .sort((a, b) => (a.exitTime as string).localeCompare(b.exitTime as string) || a.id.localeCompare(b.id));
  const micros = closed.map((t) => toMicros(t.result as number));
  const wins = micros.filter((m) => m > 0);
  const losses = micros.filter((m) => m < 0);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  let cum = 0;
  let peak = 0;
  let dd = 0;
  for (const m of micros) {
    cum += m;
    peak = Math.max(peak, cum);
    dd = Math.max(dd, peak - cum);
  }
  const round8 = (x: number) => Math.round(x * 1e8) / 1e8;
  return {
    totalTrades: closed.length,
    winRate: closed.length ? round8((wins.length / closed.length) * 100) : 0,
    profitFactor: losses.length ? round8(sum(wins) / -sum(losses)) : null,
    expectancy: closed.length ? round8(sum(micros) / closed.length / 1e6) : 0,
    totalPnL: sum(micros) / 1e6,
    maxDrawdown: dd / 1e6,
    averageWin: wins.length ? round8(sum(wins) / wins.length / 1e6) : null,
    averageLoss: losses.length ? round8(sum(losses) / losses.length / 1e6) : null,
    largestWin: wins.length ? Math.max(...wins) / 1e6 : null,
    largestLoss: losses.length ? Math.min(...losses) / 1e6 : null,
    totalFees: sum(closed.map((t) => toMicros(t.fees))) / 1e6,
    ...streaksOf(micros),
  };
}

/** Longest and current runs, written the plain way: scan once, reset on anything else. */
function streaksOf(micros: number[]) {
  let win = 0;
  let loss = 0;
  let longestWinStreak = 0;
  let longestLossStreak = 0;
  for (const m of micros) {
    win = m > 0 ? win + 1 : 0;
    loss = m < 0 ? loss + 1 : 0;
    longestWinStreak = Math.max(longestWinStreak, win);
    longestLossStreak = Math.max(longestLossStreak, loss);
  }
  return { longestWinStreak, longestLossStreak, currentStreak: win > 0 ? win : loss > 0 ? -loss : 0 };
}

/** The figures of floats (R, ratios of means, mean durations) by textbook formulas: compared within 1e-7. */
function floatReference(trades: Trade[]) {
  const closed = trades.filter((t) => t.status === 'closed');
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
  const rs = closed.flatMap((t) => (t.rMultiple === null ? [] : [t.rMultiple]));
  const m = mean(rs) ?? 0;
  const sd = rs.length < 2 ? null : Math.sqrt(rs.reduce((a, r) => a + (r - m) ** 2, 0) / (rs.length - 1));
  const won = closed.filter((t) => (t.result as number) > 0);
  const lost = closed.filter((t) => (t.result as number) < 0);
  const held = (ts: Trade[]) => mean(ts.map((t) => (Date.parse(t.exitTime as string) - Date.parse(t.entryTime)) / 1000));
  const avgWin = mean(won.map((t) => t.result as number));
  const avgLoss = mean(lost.map((t) => t.result as number));
  return {
    averageWinR: mean(won.flatMap((t) => (t.rMultiple === null ? [] : [t.rMultiple]))),
    averageLossR: mean(lost.flatMap((t) => (t.rMultiple === null ? [] : [t.rMultiple]))),
    stdDevR: sd,
    sqn: sd === null || sd < 1e-12 ? null : (m / sd) * Math.sqrt(Math.min(rs.length, 100)),
    payoffRatio: avgWin === null || avgLoss === null ? null : avgWin / -avgLoss,
    averageWinHoldingSeconds: held(won),
    averageLossHoldingSeconds: held(lost),
  };
}

/** Expects each float figure within 1e-7 (relative above 1) of the reference, nulls exactly. */
function expectClose(got: Record<string, unknown>, want: Record<string, number | null>): void {
  for (const [key, w] of Object.entries(want)) {
    if (w === null) expect(got[key], key).toBeNull();
    else expect(Math.abs((got[key] as number) - w), key).toBeLessThanOrEqual(1e-7 * Math.max(1, Math.abs(w)));
  }
}

async function everyFigure(core: Core, userId: string) {
  const a = core.analytics;
  return {
    statistics: await a.statistics(userId, {}),
    dashboard: await a.dashboard(userId, { tz: 'America/New_York' }),
    performance: await a.performance(userId, { period: 'weekly', tz: 'Europe/Berlin' }),
    categories: await Promise.all(
      ['instrument', 'setup', 'tag', 'time', 'weekday', 'account', 'assetClass', 'holdingTime'].map((category) =>
        a.byCategory(userId, { category, tz: 'Asia/Kolkata' }),
      ),
    ),
    years: await a.performance(userId, { period: 'yearly', tz: 'America/Chicago' }),
    calendar: await a.calendar(userId, { month: '2026-10', tz: 'America/Chicago' }),
    equity: await a.equityCurve(userId, { startingBalance: '1000.10' }),
    r: await a.rDistribution(userId, { bucketSize: '0.25' }),
  };
}

describe('analytics parity', () => {
  it('gives identical analytics on every database, equal to a straightforward reference', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(tradeArb, { minLength: 0, maxLength: 25 }), async (bodies) => {
        const results = [];
        for (const o of opened) {
          const user = await newUser(o.core);
          // Half the sets run on trading days: CME's from 17:00 Chicago (the sets cross the November DST change), the user's from 06:00.
          if (bodies.length % 2 === 1) {
            const cme = { time: '17:00', timeZone: 'America/Chicago' };
            await o.core.settings.update(user, {
              tradingDayStart: { time: '06:00' },
              accounts: { CME: { tradingDayStart: cme } },
            });
          }
          const made: Trade[] = [];
          for (const [i, body] of bodies.entries()) {
            made.push(await o.core.trades.create(user, body, { id: `00000000-0000-7000-8000-${String(i).padStart(12, '0')}` }));
          }
          const figures = await everyFigure(o.core, user);
          const ref = reference(made);
          expect(figures.statistics).toMatchObject(ref);
          expectClose(figures.statistics, floatReference(made));
          results.push(figures);
        }
        for (const r of results.slice(1)) expect(r).toEqual(results[0]);
      }),
      { numRuns: 12 },
    );
  });

  it('adds 10,000 results of 0.1 to exactly 1000 on every database', async () => {
    for (const o of opened) {
      const user = await newUser(o.core);
      const rows = Array.from({ length: 10_000 }, (_, i) =>
        newTradeRow(coreDeps(o.core), user, {
          instrument: 'X',
          direction: 'long',
          entryPrice: 1,
          positionSize: 1,
          entryTime: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
          exitPrice: 1.1,
          exitTime: new Date(Date.UTC(2026, 0, 1) + i * 60_000 + 1000).toISOString(),
          result: 0.1,
        }),
      );
      await o.storage.transaction((tx) => tx.trades.insertMany(rows));
      const stats = await o.core.analytics.statistics(user, {});
      expect(stats.totalPnL.toFixed(8), o.name).toBe('1000.00000000');
      expect(stats.totalPnL).toBe(1000);
      expect(stats.expectancy).toBe(0.1);
      const curve = await o.core.analytics.equityCurve(user, {});
      expect(curve.dataPoints.at(-1)?.equity).toBe(1000);
    }
  });
});
