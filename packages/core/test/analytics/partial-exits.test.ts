import type { Core } from '@tj/core';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { newUser, useCore } from '../support/core.js';
import { type PositionSpec, writePositions } from '../support/positions.js';

/**
 * A position scaled out over three days, a plain close and an open position that booked a loss
 * (clock: 2026-11-20 12:00 UTC, a Friday; 16 November is the Monday of 2026-W47):
 *
 *   A  ES  CME  entered 16th 14:00; partial +300 on the 16th 15:00, partial −100 on the 17th
 *              15:00, closed on the 18th 15:00 with result +500: its close books 500 − 200 = +300
 *   B  NQ  IRA  entered and closed on the 17th (13:00 → 14:00), result −50 (no partial exit)
 *   C  ES  CME  entered on the 18th 16:00, still open; partial −400 on the 19th at 23:30 UTC
 *
 * Booked per UTC day: 16th +300 (no close); 17th −100 − 50 = −150 (B closes, a loss); 18th +300
 * (A closes, a win: its whole result +500 decides); 19th −400 (no close). Sum 50 = the closed
 * results 500 − 50 = 450 plus C's −400 realized while open.
 */
const SCALED: PositionSpec[] = [
  {
    instrument: 'ES',
    account: 'CME',
    entry: '2026-11-16T14:00:00Z',
    exit: '2026-11-18T15:00:00Z',
    result: 500,
    partials: [
      ['2026-11-16T15:00:00Z', 300],
      ['2026-11-17T15:00:00Z', -100],
    ],
  },
  { instrument: 'NQ', account: 'IRA', entry: '2026-11-17T13:00:00Z', exit: '2026-11-17T14:00:00Z', result: -50 },
  { instrument: 'ES', account: 'CME', entry: '2026-11-18T16:00:00Z', partials: [['2026-11-19T23:30:00Z', -400]] },
];

/** A period row of performance: counts of the closes, P&L of what was booked. */
const row = (period: string, trades: number, wins: number, losses: number, totalPnL: number, cumulativePnL: number) => ({
  period,
  trades,
  wins,
  losses,
  winRate: trades === 0 ? 0 : (wins / trades) * 100,
  totalPnL,
  cumulativePnL,
  averageR: null,
});

/** The recent-performance buckets that have a close or a booking. */
const busy = (buckets: Array<{ trades: number; totalPnL: number }>) => buckets.filter((b) => b.trades > 0 || b.totalPnL !== 0);

/** CME's trading day: 17:00 Chicago (23:00 UTC in November), named by the date it ends on. */
const CME_DAY = { tradingDayStart: { time: '17:00', timeZone: 'America/Chicago' } };

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`realized P&L of partial exits on ${db.name}`, () => {
    const h = useCore(db);

    async function scaled(core: Core = h.core()): Promise<string> {
      const user = await newUser(core);
      await writePositions(core, h.storage(), user, SCALED);
      return user;
    }

    it('books each partial exit on its own day in daily performance, and the close the rest of its result', async () => {
      const user = await scaled();
      const daily = await h.core().analytics.performance(user, { period: 'daily' });
      expect(daily).toEqual({
        currency: null,
        fx: null,
        period: 'daily',
        dateFrom: '2026-11-16',
        dateTo: '2026-11-19',
        data: [
          row('2026-11-16', 0, 0, 0, 300, 300),
          row('2026-11-17', 1, 0, 1, -150, 150),
          row('2026-11-18', 1, 1, 0, 300, 450),
          row('2026-11-19', 0, 0, 0, -400, 50),
        ],
      });
      // The week holds both closes (one win, one loss) and every booking: 300 − 150 + 300 − 400 = 50.
      expect((await h.core().analytics.performance(user, { period: 'weekly' })).data).toEqual([row('2026-W47', 2, 1, 1, 50, 50)]);
    });

    it('applies dateFrom and dateTo to the trading day of each booking', async () => {
      const user = await scaled();
      // The 16th's partial exit and the 19th's are outside; A's close on the 18th still books 500 − 200.
      const p = await h.core().analytics.performance(user, { period: 'daily', dateFrom: '2026-11-17', dateTo: '2026-11-18' });
      expect(p.data).toEqual([row('2026-11-17', 1, 0, 1, -150, -150), row('2026-11-18', 1, 1, 0, 300, 150)]);
      // From the 19th on: only C's partial exit, the range's end defaulting to its day.
      const late = await h.core().analytics.performance(user, { period: 'daily', dateFrom: '2026-11-19' });
      expect(late).toMatchObject({
        dateFrom: '2026-11-19',
        dateTo: '2026-11-19',
        data: [row('2026-11-19', 0, 0, 0, -400, -400)],
      });
    });

    it('puts partial exits in the calendar: day and month P&L count them, trades count closes on their exit day', async () => {
      const user = await scaled();
      const cal = await h.core().analytics.calendar(user, { month: '2026-11' });
      // Month: 2 closes; P&L 300 − 150 + 300 − 400 = 50.
      expect(cal).toMatchObject({ month: '2026-11', trades: 2, totalPnL: 50 });
      const days = cal.days
        .filter((d) => d.trades > 0 || d.totalPnL !== 0)
        .map(({ journalEntryId: _j, hasJournalEntry: _h, ...d }) => d);
      expect(days).toEqual([
        { date: '2026-11-16', trades: 0, wins: 0, losses: 0, winRate: 0, totalPnL: 300 },
        { date: '2026-11-17', trades: 1, wins: 0, losses: 1, winRate: 0, totalPnL: -150 },
        { date: '2026-11-18', trades: 1, wins: 1, losses: 0, winRate: 100, totalPnL: 300 },
        { date: '2026-11-19', trades: 0, wins: 0, losses: 0, winRate: 0, totalPnL: -400 },
      ]);
      // October has none of it.
      expect(await h.core().analytics.calendar(user, { month: '2026-10' })).toMatchObject({ trades: 0, totalPnL: 0 });
    });

    it('draws the equity curve with a point on each day with a booking', async () => {
      const user = await scaled();
      // 1000 + 300 = 1300; − 150 = 1150; + 300 = 1450; − 400 = 1050.
      expect((await h.core().analytics.equityCurve(user, { startingBalance: 1000 })).dataPoints).toEqual([
        { date: '2026-11-16', equity: 1300 },
        { date: '2026-11-17', equity: 1150 },
        { date: '2026-11-18', equity: 1450 },
        { date: '2026-11-19', equity: 1050 },
      ]);
    });

    it('keeps statistics, categories and the R distribution figures of closed trades', async () => {
      const user = await scaled();
      // Closed: A +500 (a win), B −50 (a loss); C is open.
      expect(await h.core().analytics.statistics(user, {})).toMatchObject({
        totalTrades: 2,
        openTrades: 1,
        winRate: 50,
        totalPnL: 450,
      });
      const byInstrument = await h.core().analytics.byCategory(user, { category: 'instrument' });
      expect(byInstrument.categories.map((c) => [c.name, c.trades, c.totalPnL])).toEqual([
        ['ES', 1, 500],
        ['NQ', 1, -50],
      ]);
      expect((await h.core().analytics.rDistribution(user, {})).count).toBe(0);
    });

    it('answers the same recent performance from the day tallies and from the scan, with a closed-trade summary', async () => {
      const tallied = await scaled();
      const dashboard = await h.core().analytics.dashboard(tallied, {});
      expect(dashboard.summary).toMatchObject({ totalTrades: 2, winRate: 50, totalPnL: 450 });
      const bucket = (period: string, trades: number, wins: number, losses: number, totalPnL: number) => ({
        period,
        trades,
        wins,
        losses,
        winRate: trades === 0 ? 0 : (wins / trades) * 100,
        totalPnL,
      });
      expect(busy(dashboard.recentPerformance.daily)).toEqual([
        bucket('2026-11-16', 0, 0, 0, 300),
        bucket('2026-11-17', 1, 0, 1, -150),
        bucket('2026-11-18', 1, 1, 0, 300),
        bucket('2026-11-19', 0, 0, 0, -400),
      ]);
      expect(busy(dashboard.recentPerformance.weekly)).toEqual([bucket('2026-W47', 2, 1, 1, 50)]);
      expect(busy(dashboard.recentPerformance.monthly)).toEqual([bucket('2026-11', 2, 1, 1, 50)]);
      // An account of its own trading day (one no trade uses) sends the dashboard down the scan: the same answer.
      const scanned = await scaled();
      await h.core().settings.update(scanned, { accounts: { Other: { tradingDayStart: { time: '06:00', timeZone: 'UTC' } } } });
      expect(await h.core().analytics.dashboard(scanned, {})).toEqual(dashboard);
      // A filter takes the scan too: CME's trades are A and C, B's close is left out.
      const filtered = await h.core().analytics.dashboard(tallied, { account: 'CME' });
      expect(busy(filtered.recentPerformance.daily)).toEqual([
        bucket('2026-11-16', 0, 0, 0, 300),
        bucket('2026-11-17', 0, 0, 0, -100),
        bucket('2026-11-18', 1, 1, 0, 300),
        bucket('2026-11-19', 0, 0, 0, -400),
      ]);
    });

    it("places an account's partial exits by its own trading day", async () => {
      const user = await scaled();
      await h.core().settings.update(user, { accounts: { CME: CME_DAY } });
      // C's partial exit at 23:30 UTC on the 19th is after 17:00 Chicago: CME's day of the 20th.
      // A's bookings (15:00 UTC) keep their dates; B (IRA) keeps the user's UTC day.
      const daily = await h.core().analytics.performance(user, { period: 'daily' });
      expect(daily.data).toEqual([
        row('2026-11-16', 0, 0, 0, 300, 300),
        row('2026-11-17', 1, 0, 1, -150, 150),
        row('2026-11-18', 1, 1, 0, 300, 450),
        row('2026-11-19', 0, 0, 0, 0, 450),
        row('2026-11-20', 0, 0, 0, -400, 50),
      ]);
      const cal = await h.core().analytics.calendar(user, { month: '2026-11' });
      expect(cal.days.find((d) => d.date === '2026-11-19')?.totalPnL).toBe(0);
      expect(cal.days.find((d) => d.date === '2026-11-20')?.totalPnL).toBe(-400);
      const dashboard = await h.core().analytics.dashboard(user, {});
      expect(dashboard.recentPerformance.daily.at(-1)).toEqual({
        period: '2026-11-20',
        trades: 0,
        wins: 0,
        losses: 0,
        winRate: 0,
        totalPnL: -400,
      });
      expect((await h.core().analytics.equityCurve(user, {})).dataPoints.at(-1)).toEqual({ date: '2026-11-20', equity: 50 });
    });

    it('counts the partial exits of the trades the filters select', async () => {
      const user = await scaled();
      const daily = async (filter: Record<string, string>) =>
        (await h.core().analytics.performance(user, { period: 'daily', ...filter })).data.map((r) => [
          r.period,
          r.trades,
          r.totalPnL,
        ]);
      // ES: A and C.
      expect(await daily({ instrument: 'ES' })).toEqual([
        ['2026-11-16', 0, 300],
        ['2026-11-17', 0, -100],
        ['2026-11-18', 1, 300],
        ['2026-11-19', 0, -400],
      ]);
      // IRA: B alone, no partial exit.
      expect(await daily({ account: 'IRA' })).toEqual([['2026-11-17', 1, -50]]);
      // CME: A and C again; NQ: B.
      expect(await daily({ account: 'CME' })).toEqual(await daily({ instrument: 'ES' }));
      expect(await daily({ instrument: 'NQ' })).toEqual([['2026-11-17', 1, -50]]);
      const curve = await h.core().analytics.equityCurve(user, { instrument: 'ES' });
      // 300, 200, 500, 100.
      expect(curve.dataPoints.map((p) => p.equity)).toEqual([300, 200, 500, 100]);
      const cal = await h.core().analytics.calendar(user, { month: '2026-11', account: 'IRA' });
      expect(cal).toMatchObject({ trades: 1, totalPnL: -50 });
    });

    it('reports the equity, drawdown and trading days with the partial exits, the statistics without', async () => {
      const user = await scaled();
      const report = await h.core().reports.summary(user, { startingBalance: 1000 });
      expect(report.statistics).toMatchObject({ totalTrades: 2, totalPnL: 450 });
      // In time order: +300 (peak 300), B −50 (250), A −100 (150: 150 below the peak), A's close
      // +300 (450, a new peak), C −400 (50: 400 below it).
      expect(report.equityCurve).toEqual([
        { date: '2026-11-16', equity: 1300, drawdown: 0, closingDrawdown: 0 },
        { date: '2026-11-17', equity: 1150, drawdown: 150, closingDrawdown: 150 },
        { date: '2026-11-18', equity: 1450, drawdown: 0, closingDrawdown: 0 },
        { date: '2026-11-19', equity: 1050, drawdown: 400, closingDrawdown: 400 },
      ]);
      expect(report.days).toEqual([
        { date: '2026-11-16', trades: 0, wins: 0, losses: 0, winRate: 0, totalPnL: 300 },
        { date: '2026-11-17', trades: 1, wins: 0, losses: 1, winRate: 0, totalPnL: -150 },
        { date: '2026-11-18', trades: 1, wins: 1, losses: 0, winRate: 100, totalPnL: 300 },
        { date: '2026-11-19', trades: 0, wins: 0, losses: 0, winRate: 0, totalPnL: -400 },
      ]);
      // The report's filters select trades by entry, as the statistics do: from the 17th, B and C
      // (A entered on the 16th, so none of its bookings counts): −50 on the 17th, −400 on the 19th.
      const later = await h.core().reports.summary(user, { dateFrom: '2026-11-17' });
      expect(later.equityCurve).toEqual([
        { date: '2026-11-17', equity: -50, drawdown: 50, closingDrawdown: 50 },
        { date: '2026-11-19', equity: -450, drawdown: 450, closingDrawdown: 450 },
      ]);
      expect(later.statistics).toMatchObject({ totalTrades: 1, totalPnL: -50 });
    });

    it('shows an open trade with a partial exit in the day figures only', async () => {
      const user = await newUser(h.core());
      await writePositions(h.core(), h.storage(), user, [SCALED[2] as PositionSpec]);
      expect(await h.core().analytics.statistics(user, {})).toMatchObject({ totalTrades: 0, openTrades: 1, totalPnL: 0 });
      const dashboard = await h.core().analytics.dashboard(user, {});
      expect(dashboard.summary).toMatchObject({ totalTrades: 0, totalPnL: 0 });
      expect(busy(dashboard.recentPerformance.daily)).toEqual([
        { period: '2026-11-19', trades: 0, wins: 0, losses: 0, winRate: 0, totalPnL: -400 },
      ]);
      expect((await h.core().analytics.equityCurve(user, {})).dataPoints).toEqual([{ date: '2026-11-19', equity: -400 }]);
      expect(await h.core().analytics.calendar(user, { month: '2026-11' })).toMatchObject({ trades: 0, totalPnL: -400 });
    });

    it('answers anew after a write that changes partial exits', async () => {
      const user = await newUser(h.core());
      const [open] = await writePositions(h.core(), h.storage(), user, [SCALED[2] as PositionSpec]);
      const before = open as NonNullable<typeof open>;
      expect((await h.core().analytics.equityCurve(user, {})).dataPoints).toEqual([{ date: '2026-11-19', equity: -400 }]);
      const version = await h.storage().repos.trades.dataVersion(user);
      // A second partial exit of +150 on the 20th: realized −400 + 150 = −250.
      const after = {
        ...before,
        partialExits: [...before.partialExits, { time: Date.parse('2026-11-20T09:00:00Z'), pnlMicros: 150_000_000 }],
        realizedMicros: -250_000_000,
      };
      await h.storage().transaction((tx) => tx.trades.update(before, after));
      expect(await h.storage().repos.trades.dataVersion(user)).toBe(version + 1);
      expect((await h.core().analytics.equityCurve(user, {})).dataPoints).toEqual([
        { date: '2026-11-19', equity: -400 },
        { date: '2026-11-20', equity: -250 },
      ]);
    });
  });
}
