import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { caught, newUser, useCore } from '../support/core.js';

/** A closed trade; times are UTC ISO. */
function trade(over: Record<string, unknown>): Record<string, unknown> {
  return { instrument: 'ES', direction: 'long', positionSize: 1, ...over };
}

// Hand-computed set (exit order T1, T2, T3, T4):
// T1 long 100 → 110, fees 1, stop 95: result 9, risk 5, R 1.8; held 600 s; account A, future
// T2 short 10 @ 50 → 52, fees 0.5, stop 51: result −20.5, risk 10, R −2.05; held 30 s; account A, future
// T3 long 20 → 20, no stop: result 0 (breakeven); held 2 h; no account, stock
// T4 long 2 @ 10 → 13, stop 9: result 6, risk 2, R 3; held 3 days; account B, stock
const SET = [
  trade({
    entryPrice: 100,
    exitPrice: 110,
    fees: 1,
    stopLoss: 95,
    entryTime: '2026-03-02T14:00:00Z',
    exitTime: '2026-03-02T14:10:00Z',
    account: 'A',
    assetClass: 'future',
  }),
  trade({
    direction: 'short',
    positionSize: 10,
    entryPrice: 50,
    exitPrice: 52,
    fees: 0.5,
    stopLoss: 51,
    entryTime: '2026-03-03T15:00:00Z',
    exitTime: '2026-03-03T15:00:30Z',
    account: 'A',
    assetClass: 'future',
  }),
  trade({
    entryPrice: 20,
    exitPrice: 20,
    entryTime: '2026-03-04T14:00:00Z',
    exitTime: '2026-03-04T16:00:00Z',
    assetClass: 'stock',
    instrument: 'AAPL',
  }),
  trade({
    positionSize: 2,
    entryPrice: 10,
    exitPrice: 13,
    stopLoss: 9,
    entryTime: '2026-03-06T10:00:00Z',
    exitTime: '2026-03-09T10:00:00Z',
    account: 'B',
    assetClass: 'stock',
    instrument: 'AAPL',
  }),
];

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`analytics additions on ${db.name}`, () => {
    const h = useCore(db);

    async function userWithSet(): Promise<string> {
      const user = await newUser(h.core());
      for (const body of SET) await h.core().trades.create(user, body);
      return user;
    }

    it('computes R in exact units: a stop one tick from a high price gives exactly 10 and the right bucket', async () => {
      const user = await newUser(h.core());
      const t = await h.core().trades.create(
        user,
        trade({
          entryPrice: 67633.05,
          stopLoss: 67633.04,
          exitPrice: 67633.15,
          entryTime: '2026-03-02T14:00:00Z',
          exitTime: '2026-03-02T15:00:00Z',
        }),
      );
      expect(t.result).toBe(0.1);
      expect(t.rMultiple).toBe(10);
      const d = await h.core().analytics.rDistribution(user, {});
      expect(d.buckets).toEqual([{ from: 10, to: 10.5, count: 1 }]);
      expect((await h.core().analytics.statistics(user, {})).averageR).toBe(10);
    });

    it('answers the R distribution of an outlier at the default bucket size with only the non-empty buckets', async () => {
      const user = await newUser(h.core());
      // risk 0.01, result 50 → R 5000; risk 1, result -1 → R -1.
      await h.core().trades.create(
        user,
        trade({
          entryPrice: 100,
          stopLoss: 99.99,
          exitPrice: 150,
          entryTime: '2026-03-02T14:00:00Z',
          exitTime: '2026-03-02T15:00:00Z',
        }),
      );
      await h.core().trades.create(
        user,
        trade({
          entryPrice: 100,
          stopLoss: 99,
          exitPrice: 99,
          entryTime: '2026-03-02T14:00:00Z',
          exitTime: '2026-03-02T16:00:00Z',
        }),
      );
      expect(await h.core().analytics.rDistribution(user, {})).toEqual({
        bucketSize: 0.5,
        count: 2,
        averageR: 2499.5,
        medianR: 2499.5,
        sparse: true,
        buckets: [
          { from: -1, to: -0.5, count: 1 },
          { from: 5000, to: 5000.5, count: 1 },
        ],
      });
    });

    it('answers every statistics figure of a hand-computed set', async () => {
      const user = await userWithSet();
      expect(await h.core().analytics.statistics(user, {})).toEqual({
        currency: null,
        fx: null,
        excursions: null,
        totalTrades: 4,
        wins: 2,
        losses: 1,
        breakeven: 1,
        winRate: 50,
        profitFactor: 0.73170732,
        expectancy: -1.375,
        totalPnL: -5.5,
        maxDrawdown: 20.5,
        grossProfit: 15,
        grossLoss: -20.5,
        averageWin: 7.5,
        averageLoss: -20.5,
        largestWin: 9,
        largestLoss: -20.5,
        // 7.5 ÷ 20.5
        payoffRatio: 0.36585366,
        // (1.8 − 2.05 + 3) ÷ 3
        averageR: 0.91666667,
        averageWinR: 2.4,
        averageLossR: -2.05,
        // m = 0.916667: √((0.883333² + 2.966667² + 2.083333²) ÷ 2) = √(13.921667 ÷ 2)
        stdDevR: 2.63833912,
        // m ÷ stdDevR × √3
        sqn: 0.60178513,
        totalFees: 1.5,
        longestWinStreak: 1,
        longestLossStreak: 1,
        currentStreak: 1,
        // (600 + 259,200) ÷ 2
        averageWinHoldingSeconds: 129_900,
        averageLossHoldingSeconds: 30,
        openTrades: 0,
      });
    });

    it('answers null extras where there is no win or no loss', async () => {
      const user = await newUser(h.core());
      await h.core().trades.create(user, SET[0] as Record<string, unknown>);
      const s = await h.core().analytics.statistics(user, {});
      expect(s).toMatchObject({ averageWin: 9, largestWin: 9, averageLoss: null, largestLoss: null, payoffRatio: null });
      expect(s).toMatchObject({ averageLossR: null, averageLossHoldingSeconds: null, stdDevR: null, sqn: null });
    });

    it('reads a date-only filter of the list and the statistics as the whole day in tz', async () => {
      const user = await newUser(h.core());
      // 03:00Z on 2 March is 22:00 on 1 March in New York.
      await h
        .core()
        .trades.create(
          user,
          trade({ entryPrice: 10, exitPrice: 11, entryTime: '2026-03-02T03:00:00Z', exitTime: '2026-03-02T04:00:00Z' }),
        );
      const day = { dateFrom: '2026-03-01', dateTo: '2026-03-01' };
      const list = (q: Record<string, unknown>) =>
        h
          .core()
          .trades.list(user, q)
          .then((p) => p.trades.length);
      expect(await list({ ...day, tz: 'America/New_York' })).toBe(1);
      expect(await list(day)).toBe(0);
      expect(await list({ dateFrom: '2026-03-02', dateTo: '2026-03-02' })).toBe(1);
      expect((await h.core().analytics.statistics(user, { ...day, tz: 'America/New_York' })).totalTrades).toBe(1);
      expect((await h.core().analytics.statistics(user, day)).totalTrades).toBe(0);
      expect((await caught(() => h.core().trades.list(user, { tz: 'Mars/Base' }))).errors?.[0]?.path).toBe('tz');
    });

    it('groups by account, asset class, holding time and hour (time still answering as before)', async () => {
      const user = await userWithSet();
      const by = async (category: string) =>
        (await h.core().analytics.byCategory(user, { category })).categories.map((c) => [c.name, c.trades, c.totalPnL]);
      expect(await by('account')).toEqual([
        ['B', 1, 6],
        ['(none)', 1, 0],
        ['A', 2, -11.5],
      ]);
      expect(await by('assetClass')).toEqual([
        ['stock', 2, 6],
        ['future', 2, -11.5],
      ]);
      expect(await by('holdingTime')).toEqual([
        ['<1 min', 1, -20.5],
        ['5-30 min', 1, 9],
        ['2 h-1 day', 1, 0],
        ['multi-day', 1, 6],
      ]);
      const hour = await h.core().analytics.byCategory(user, { category: 'hour' });
      const time = await h.core().analytics.byCategory(user, { category: 'time' });
      expect(hour.categories.map((c) => c.name)).toEqual(['10:00', '14:00', '15:00']);
      expect(time).toEqual({ ...hour, category: 'time' });
    });

    it('answers performance by year, zero-filled, with `year` as another name', async () => {
      const user = await userWithSet();
      await h
        .core()
        .trades.create(
          user,
          trade({ entryPrice: 10, exitPrice: 12, entryTime: '2024-12-31T20:00:00Z', exitTime: '2024-12-31T21:00:00Z' }),
        );
      const p = await h.core().analytics.performance(user, { period: 'yearly' });
      expect(p.dateFrom).toBe('2024-12-31');
      expect(p.data.map((r) => [r.period, r.trades, r.totalPnL, r.cumulativePnL])).toEqual([
        ['2024', 1, 2, 2],
        ['2025', 0, 0, 2],
        ['2026', 4, -5.5, -3.5],
      ]);
      const alias = await h.core().analytics.performance(user, { period: 'year' });
      expect(alias).toEqual({ ...p, period: 'year' });
    });

    it('answers a calendar month: every day, its P&L and trades, and which days have a journal entry', async () => {
      const user = await userWithSet();
      const entry = await h.core().journal.create(user, { date: '2026-03-02', postmarketReview: 'ok' });
      await h.core().journal.create(user, { date: '2026-03-04', type: 'weekly' });
      const c = await h.core().analytics.calendar(user, { month: '2026-03' });
      expect(c.month).toBe('2026-03');
      expect(c.trades).toBe(4);
      expect(c.totalPnL).toBe(-5.5);
      expect(c.days).toHaveLength(31);
      expect(c.days[0]).toEqual({
        date: '2026-03-01',
        trades: 0,
        wins: 0,
        losses: 0,
        winRate: 0,
        totalPnL: 0,
        journalEntryId: null,
        hasJournalEntry: false,
      });
      expect(c.days[1]).toEqual({
        date: '2026-03-02',
        trades: 1,
        wins: 1,
        losses: 0,
        winRate: 100,
        totalPnL: 9,
        journalEntryId: entry.id,
        hasJournalEntry: true,
      });
      const busy = c.days.filter((d) => d.trades > 0 || d.hasJournalEntry).map((d) => [d.date, d.trades, d.totalPnL]);
      expect(busy).toEqual([
        ['2026-03-02', 1, 9],
        ['2026-03-03', 1, -20.5],
        ['2026-03-04', 1, 0],
        ['2026-03-09', 1, 6],
      ]);
      expect((await h.core().analytics.calendar(user, { month: '2026-02' })).days).toHaveLength(28);
      expect((await caught(() => h.core().analytics.calendar(user, { month: '2026-13' }))).errors?.[0]?.path).toBe('month');
    });
  });
}
