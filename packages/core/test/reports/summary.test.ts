import { categorySchema } from '@tj/core';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { caught, newUser, useCore } from '../support/core.js';

const TZ = 'America/New_York';

/**
 * Five closed trades around the end of daylight saving time in New York (2026-11-01): T2 exits
 * at 23:30 EDT on Oct 30, which is Oct 31 in UTC. Cumulative P&L 100, 50, -70, -40, 160, so the
 * drawdown after each trade is 0, 50, 170, 140, 0.
 */
const TRADES = [
  { name: 'T1', instrument: 'ES', exit: '2026-10-30T20:00:00Z', result: 100 },
  { name: 'T2', instrument: 'NQ', exit: '2026-10-31T03:30:00Z', result: -50 },
  { name: 'T3', instrument: 'ES', exit: '2026-11-02T15:00:00Z', result: -120 },
  { name: 'T4', instrument: 'NQ', exit: '2026-11-02T16:00:00Z', result: 30 },
  { name: 'T5', instrument: 'ES', exit: '2026-11-03T15:00:00Z', result: 200 },
];

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`the summary report's data on ${db.name}`, () => {
    const h = useCore(db);

    async function seeded(): Promise<{ user: string; ids: Record<string, string> }> {
      const user = await newUser(h.core());
      const ids: Record<string, string> = {};
      for (const t of TRADES) {
        const exit = Date.parse(t.exit);
        const trade = await h.core().trades.create(user, {
          instrument: t.instrument,
          direction: 'long',
          entryPrice: 100,
          positionSize: 10,
          stopLoss: 99,
          entryTime: new Date(exit - 3_600_000).toISOString(),
          exitPrice: 101,
          exitTime: t.exit,
          result: t.result,
          setupType: 'breakout',
        });
        ids[t.name] = trade.id;
      }
      for (const date of ['2026-10-30', '2026-11-02', '2026-12-15']) {
        await h.core().journal.create(user, { date, tradingPlan: `plan of ${date}` });
      }
      return { user, ids };
    }

    it('draws the equity curve with the deepest drawdown of each local day, in the report time zone', async () => {
      const { user } = await seeded();
      const report = await h.core().reports.summary(user, { tz: TZ, startingBalance: 1000 });
      // Nov 2 went 170 below the peak (T3) and ended 140 below it (T4): that is what holds until Nov 3.
      expect(report.equityCurve).toEqual([
        { date: '2026-10-30', equity: 1050, drawdown: 50, closingDrawdown: 50 },
        { date: '2026-11-02', equity: 960, drawdown: 170, closingDrawdown: 140 },
        { date: '2026-11-03', equity: 1160, drawdown: 0, closingDrawdown: 0 },
      ]);
      expect(Math.max(...report.equityCurve.map((p) => p.drawdown))).toBe(report.statistics.maxDrawdown);
      expect(report.days).toEqual([
        { date: '2026-10-30', trades: 2, wins: 1, losses: 1, winRate: 50, totalPnL: 50 },
        { date: '2026-11-02', trades: 2, wins: 1, losses: 1, winRate: 50, totalPnL: -90 },
        { date: '2026-11-03', trades: 1, wins: 1, losses: 0, winRate: 100, totalPnL: 200 },
      ]);
    });

    it('lists the best winners and the worst losers in order', async () => {
      const { user, ids } = await seeded();
      const report = await h.core().reports.summary(user, { tz: TZ });
      expect(report.bestTrades.map((t) => t.id)).toEqual([ids.T5, ids.T1, ids.T4]);
      expect(report.worstTrades.map((t) => t.id)).toEqual([ids.T3, ids.T2]);
      expect(report.worstTrades[0]).toMatchObject({ instrument: 'ES', result: -120, status: 'closed' });
    });

    it('answers exactly what the analytics endpoints answer for the same trades', async () => {
      const { user } = await seeded();
      const a = h.core().analytics;
      const report = await h.core().reports.summary(user, { tz: TZ });
      expect(report.statistics).toEqual(await a.statistics(user, { tz: TZ }));
      expect(report.rDistribution).toEqual(await a.rDistribution(user, { tz: TZ }));
      expect(report.equityCurve.map(({ date, equity }) => ({ date, equity }))).toEqual(
        (await a.equityCurve(user, { tz: TZ })).dataPoints,
      );
      expect(report.categories.map((c) => c.category)).toEqual(categorySchema.options.filter((c) => c !== 'time'));
      for (const c of report.categories) {
        const { currency: _c, fx: _fx, ...answer } = await a.byCategory(user, { category: c.category, tz: TZ });
        expect(c).toEqual(answer);
      }
    });

    it('applies the filters to every section and carries the journal entries of the filtered days', async () => {
      const { user, ids } = await seeded();
      const filter = { dateFrom: '2026-10-30T04:00:00.000Z', dateTo: '2026-11-03T04:59:59.999Z', tz: TZ };
      const report = await h.core().reports.summary(user, filter);
      expect(report.statistics).toEqual(await h.core().analytics.statistics(user, filter));
      expect(report.statistics.totalTrades).toBe(4);
      expect(report.days.map((d) => d.date)).toEqual(['2026-10-30', '2026-11-02']);
      expect(report.journal.map((e) => e.date)).toEqual(['2026-11-02', '2026-10-30']);
      expect(report.bestTrades.map((t) => t.id)).toEqual([ids.T1, ids.T4]);
      expect(report.filters).toMatchObject(filter);

      const es = await h.core().reports.summary(user, { instrument: 'es', tz: TZ });
      expect(es.statistics.totalTrades).toBe(3);
      expect(es.equityCurve).toEqual([
        { date: '2026-10-30', equity: 100, drawdown: 0, closingDrawdown: 0 },
        { date: '2026-11-02', equity: -20, drawdown: 120, closingDrawdown: 120 },
        { date: '2026-11-03', equity: 180, drawdown: 0, closingDrawdown: 0 },
      ]);
      expect(es.categories.find((c) => c.category === 'instrument')?.categories.map((c) => c.name)).toEqual(['ES']);

      const none = await h.core().reports.summary(user, { setup: 'pullback', tz: TZ });
      expect(none.statistics.totalTrades).toBe(0);
      expect(none).toMatchObject({ equityCurve: [], days: [], bestTrades: [] });
      const breakout = await h.core().reports.summary(user, { setup: 'breakout', tz: TZ });
      expect(breakout.statistics).toEqual(await h.core().analytics.statistics(user, { setup: 'breakout', tz: TZ }));
      expect(breakout.statistics.totalTrades).toBe(5);
    });

    it('reports progress and answers empty sections for a user without trades', async () => {
      const user = await newUser(h.core());
      const seen: Array<[number, number]> = [];
      const report = await h.core().reports.summary(user, {}, { onProgress: (done, total) => seen.push([done, total]) });
      expect(seen).toEqual([[0, 0]]);
      expect(report).toMatchObject({ equityCurve: [], days: [], bestTrades: [], worstTrades: [], journal: [] });
      expect(report.statistics.totalTrades).toBe(0);
      expect(report.filters).toEqual({ tz: 'UTC', startingBalance: 0, bucketSize: 0.5 });
    });

    it('refuses an unknown query field or a bad zone, naming it', async () => {
      const user = await newUser(h.core());
      const unknown = await caught(() => h.core().reports.summary(user, { status: 'open' }));
      expect(unknown).toMatchObject({ code: 'validation_failed', errors: [{ path: 'status', message: 'is not a known field' }] });
      const zone = await caught(() => h.core().reports.summary(user, { tz: 'Mars/Olympus' }));
      expect(zone.errors?.[0]?.path).toBe('tz');
    });
  });
}
