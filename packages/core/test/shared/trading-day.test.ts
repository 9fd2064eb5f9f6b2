import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { caught, newUser, useCore } from '../support/core.js';

/** A closed long ES trade with a manual result, exiting at `exit` (entered an hour before). */
function exitAt(exit: string, result: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  const entry = new Date(Date.parse(exit) - 3_600_000).toISOString();
  return {
    instrument: 'ES',
    direction: 'long',
    entryPrice: 100,
    positionSize: 1,
    entryTime: entry,
    exitPrice: 101,
    exitTime: exit,
    result,
    ...over,
  };
}

const CME = { time: '17:00', timeZone: 'America/Chicago' };

// America/Chicago: CST (UTC−6) until 2026-03-08 02:00, CDT (UTC−5) until 2026-11-01 02:00, then CST.
// With the day starting at 17:00 Chicago, an exit at 17:00 or later belongs to the next date.
const AROUND_DST: Array<[string, number, string]> = [
  ['2026-03-06T22:59:00Z', 1, '2026-03-06'], // Fri 16:59 CST
  ['2026-03-06T23:00:00Z', 2, '2026-03-07'], // Fri 17:00 CST
  ['2026-03-08T21:59:00Z', 4, '2026-03-08'], // Sun 16:59 CDT (the first day of summer time)
  ['2026-03-08T22:00:00Z', 8, '2026-03-09'], // Sun 17:00 CDT: 16:00 by the winter offset
  ['2026-10-30T21:59:00Z', 16, '2026-10-30'], // Fri 16:59 CDT
  ['2026-10-30T22:00:00Z', 32, '2026-10-31'], // Fri 17:00 CDT
  ['2026-11-01T22:30:00Z', 64, '2026-11-01'], // Sun 16:30 CST (the first day of winter time): 17:30 by the summer offset
  ['2026-11-01T23:00:00Z', 128, '2026-11-02'], // Sun 17:00 CST
];

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`trading day start on ${db.name}`, () => {
    const h = useCore(db);

    it('keeps settings per user and per account, merging a partial update and refusing bad input without a change', async () => {
      const user = await newUser(h.core());
      const settings = h.core().settings;
      expect(await settings.get(user)).toEqual({
        baseCurrency: null,
        tradingDayStart: null,
        defaultRisk: null,
        instruments: {},
        commission: null,
        accounts: {},
      });
      expect(
        await settings.update(user, { tradingDayStart: CME, accounts: { Futures: { tradingDayStart: { time: '18:00' } } } }),
      ).toEqual({
        baseCurrency: null,
        tradingDayStart: CME,
        defaultRisk: null,
        instruments: {},
        commission: null,
        accounts: {
          Futures: {
            baseCurrency: null,
            tradingDayStart: { time: '18:00', timeZone: null },
            defaultRisk: null,
            instruments: {},
            commission: null,
          },
        },
      });
      const bad = await caught(() =>
        settings.update(user, { tradingDayStart: { time: '24:00' }, accounts: { X: { tradingDayStart: null } } }),
      );
      expect(bad.code).toBe('validation_failed');
      expect(bad.errors?.map((e) => e.path)).toEqual(['tradingDayStart.time']);
      expect(
        (await caught(() => settings.update(user, { tradingDayStart: { time: '09:30', timeZone: 'Nowhere/City' } }))).errors?.[0]
          ?.path,
      ).toBe('tradingDayStart.timeZone');
      expect((await caught(() => settings.update(user, { risk: 1 }))).errors?.[0]?.path).toBe('risk');
      expect((await settings.get(user)).tradingDayStart).toEqual(CME);
      expect(await settings.update(user, { accounts: { Futures: null } })).toEqual({
        baseCurrency: null,
        tradingDayStart: CME,
        defaultRisk: null,
        instruments: {},
        commission: null,
        accounts: {},
      });
      expect(await settings.update(user, { tradingDayStart: null })).toEqual({
        baseCurrency: null,
        tradingDayStart: null,
        defaultRisk: null,
        instruments: {},
        commission: null,
        accounts: {},
      });
      const other = await newUser(h.core());
      expect(await settings.get(other)).toEqual({
        baseCurrency: null,
        tradingDayStart: null,
        defaultRisk: null,
        instruments: {},
        commission: null,
        accounts: {},
      });
    });

    it('places trades on 17:00 Chicago trading days across both DST changes: performance, calendar, equity, dashboard', async () => {
      const user = await newUser(h.core());
      for (const [exit, result] of AROUND_DST) await h.core().trades.create(user, exitAt(exit, result));
      const daysOf = async () =>
        (await h.core().analytics.performance(user, { period: 'daily' })).data
          .filter((r) => r.trades > 0)
          .map((r) => [r.period, r.totalPnL]);
      // Midnight UTC before the setting.
      expect(await daysOf()).toEqual([
        ['2026-03-06', 3],
        ['2026-03-08', 12],
        ['2026-10-30', 48],
        ['2026-11-01', 192],
      ]);
      await h.core().settings.update(user, { tradingDayStart: CME });
      const want = new Map<string, number>();
      for (const [, result, day] of AROUND_DST) want.set(day, (want.get(day) ?? 0) + result);
      expect(await daysOf()).toEqual([...want]);
      const march = await h.core().analytics.calendar(user, { month: '2026-03' });
      expect(march.days.filter((d) => d.trades > 0).map((d) => [d.date, d.totalPnL])).toEqual([
        ['2026-03-06', 1],
        ['2026-03-07', 2],
        ['2026-03-08', 4],
        ['2026-03-09', 8],
      ]);
      const curve = await h.core().analytics.equityCurve(user, {});
      expect(curve.dataPoints.map((p) => p.date)).toEqual([...want.keys()]);
      // The HTML report's calendar and equity curve place trades on the same days.
      const report = await h.core().reports.summary(user, {});
      expect(report.days.map((d) => [d.date, d.totalPnL])).toEqual([...want]);
      expect(report.equityCurve.map((p) => p.date)).toEqual([...want.keys()]);
      // Weeks follow the trading day: Sunday 8 March 17:00 CDT opens Monday's day, in ISO week 11.
      const weeks = await h
        .core()
        .analytics.performance(user, { period: 'weekly', dateFrom: '2026-03-02', dateTo: '2026-03-15' });
      expect(weeks.data.map((r) => [r.period, r.totalPnL])).toEqual([
        ['2026-W10', 7],
        ['2026-W11', 8],
      ]);
      // The weekday of the entry's trading day: the 8 and 128 trades entered Sun 16:00 (Sunday's day); this one
      // enters Sun 15 March 17:00 CDT, which opens Monday's day.
      await h.core().trades.create(user, exitAt('2026-03-15T23:00:00Z', 256));
      const weekdays = await h.core().analytics.byCategory(user, { category: 'weekday' });
      expect(weekdays.categories.map((c) => [c.name, c.totalPnL])).toEqual([
        ['Monday', 256],
        ['Friday', 1 + 2 + 16 + 32],
        ['Sunday', 4 + 8 + 64 + 128],
      ]);
      h.clock.set('2026-11-02T01:00:00Z'); // Sun 19:00 CST: already Monday 2 November's trading day
      const dash = await h.core().analytics.dashboard(user, {});
      expect(dash.recentPerformance.daily.at(-1)).toMatchObject({ period: '2026-11-02', totalPnL: 128 });
      h.clock.set('2026-11-20T12:00:00.000Z');
    });

    it('bounds a day that starts inside the repeated hour of a fall-back, or in a spring-forward gap, one way on every path', async () => {
      // New York, day start 01:30. 2026-11-01 repeats 01:00-01:59 (EDT, then EST): the day starts
      // at the first 01:30 (05:30Z), so both of its repeated half hours after it are 1 November's.
      // 2026-03-08 skips 02:00-02:59: with a 02:30 start the day starts at the end of the gap (07:00Z).
      const user = await newUser(h.core());
      const exits: Array<[string, number]> = [
        ['2026-11-01T05:15:00Z', 1], // 01:15 EDT: before the first 01:30, 31 October's
        ['2026-11-01T05:45:00Z', 2], // 01:45 EDT: after it
        ['2026-11-01T06:15:00Z', 4], // 01:15 EST, the second 01:15: still 1 November's (an earlier wall clock, a later instant)
        ['2026-11-01T06:45:00Z', 8], // 01:45 EST
        ['2026-11-01T07:15:00Z', 16], // 02:15 EST, entered at 06:15Z (the second 01:15): a 1 November entry
      ];
      for (const [exit, result] of exits) await h.core().trades.create(user, exitAt(exit, result));
      await h.core().settings.update(user, { tradingDayStart: { time: '01:30', timeZone: 'America/New_York' } });
      const want = [
        ['2026-10-31', 1],
        ['2026-11-01', 30],
      ];
      const daily = await h.core().analytics.performance(user, { period: 'daily' });
      expect(daily.data.filter((r) => r.trades > 0).map((r) => [r.period, r.totalPnL])).toEqual(want);
      const calendar = await h.core().analytics.calendar(user, { month: '2026-11' });
      expect(calendar.days.filter((d) => d.trades > 0).map((d) => [d.date, d.totalPnL])).toEqual([['2026-11-01', 30]]);
      expect((await h.core().analytics.equityCurve(user, {})).dataPoints).toEqual([
        { date: '2026-10-31', equity: 1 },
        { date: '2026-11-01', equity: 31 },
      ]);
      // The weekday of the entry's trading day (each entered an hour before its exit): 04:15Z, 04:45Z and
      // 05:15Z are Saturday's; 05:45Z and 06:15Z (the second 01:15) Sunday's.
      const weekdays = await h.core().analytics.byCategory(user, { category: 'weekday' });
      expect(weekdays.categories.map((c) => [c.name, c.trades])).toEqual([
        ['Saturday', 3],
        ['Sunday', 2],
      ]);
      h.clock.set('2026-11-01T12:00:00Z');
      const dash = await h.core().analytics.dashboard(user, {});
      expect(dash.recentPerformance.daily.slice(-2).map((p) => [p.period, p.totalPnL])).toEqual(want);
      h.clock.set('2026-11-20T12:00:00.000Z');

      const spring = await newUser(h.core());
      for (const [exit, result] of [
        ['2026-03-08T06:45:00Z', 1], // 01:45 EST: before the gap, 7 March's
        ['2026-03-08T07:00:00Z', 2], // 03:00 EDT, the end of the gap: 8 March's first instant
        ['2026-03-08T07:15:00Z', 4], // 03:15 EDT
      ] as const)
        await h.core().trades.create(spring, exitAt(exit, result));
      await h.core().settings.update(spring, { tradingDayStart: { time: '02:30', timeZone: 'America/New_York' } });
      const march = await h.core().analytics.performance(spring, { period: 'daily' });
      expect(march.data.filter((r) => r.trades > 0).map((r) => [r.period, r.totalPnL])).toEqual([
        ['2026-03-07', 1],
        ['2026-03-08', 6],
      ]);
    });

    it('gives an account its own start, and reads date-only list and statistics filters as trading days', async () => {
      const user = await newUser(h.core());
      await h.core().settings.update(user, { accounts: { CME: { tradingDayStart: CME } } });
      // Both exit Fri 6 March 23:30 UTC (17:30 CST): the CME trade is on the 7th, the stock trade on the 6th (midnight UTC).
      await h.core().trades.create(user, exitAt('2026-03-06T23:30:00Z', -10, { account: 'CME' }));
      await h.core().trades.create(user, exitAt('2026-03-06T23:30:00Z', 5, { account: 'STK', instrument: 'AAPL' }));
      const p = await h.core().analytics.performance(user, { dateFrom: '2026-03-06', dateTo: '2026-03-07' });
      expect(p.data.map((r) => [r.period, r.totalPnL])).toEqual([
        ['2026-03-06', 5],
        ['2026-03-07', -10],
      ]);
      // Entered 22:30 UTC (16:30 CST): the 6th on CME's clock; a date-only filter of the account uses it.
      const list = async (q: Record<string, unknown>) => (await h.core().trades.list(user, q)).trades.map((t) => t.instrument);
      expect(await list({ dateFrom: '2026-03-06', dateTo: '2026-03-06', account: 'CME' })).toEqual(['ES']);
      await h.core().trades.create(user, exitAt('2026-03-07T00:30:00Z', -1, { account: 'CME' })); // entered 17:30 CST: the 7th
      expect(await list({ dateFrom: '2026-03-07', dateTo: '2026-03-07', account: 'CME' })).toEqual(['ES']);
      expect((await h.core().analytics.statistics(user, { dateFrom: '2026-03-07', account: 'CME' })).totalPnL).toBe(-1);
      // Without an account filter the user's own start (midnight UTC) applies: all three entered on the 6th.
      expect(await list({ dateFrom: '2026-03-06', dateTo: '2026-03-06' })).toHaveLength(3);
    });

    it('answers new figures at once after the setting changes (the analytics cache follows the settings)', async () => {
      const user = await newUser(h.core());
      await h.core().trades.create(user, exitAt('2026-03-06T23:30:00Z', 7));
      const day = async () => (await h.core().analytics.equityCurve(user, {})).dataPoints[0]?.date;
      expect(await day()).toBe('2026-03-06');
      await h.core().settings.update(user, { tradingDayStart: CME });
      expect(await day()).toBe('2026-03-07');
      await h.core().settings.update(user, { tradingDayStart: null });
      expect(await day()).toBe('2026-03-06');
    });

    it('fires the daily loss limit on the trading day, not the calendar day', async () => {
      const user = await newUser(h.core());
      await h.core().settings.update(user, { tradingDayStart: CME });
      const alert = await h.core().alerts.create(user, { name: 'Day stop', type: 'dailyLossLimit', threshold: 100 });
      const fired = async (u: string, id: string) =>
        (await h.core().alerts.events(u, id, { limit: 10 })).events.map((e) => e.value);
      // Mon 9 March 18:30 CDT and Tue 10 March 09:00 CDT: two UTC days, one trading day (10 March).
      await h.core().trades.create(user, exitAt('2026-03-09T23:30:00Z', -60));
      await h.core().trades.create(user, exitAt('2026-03-10T14:00:00Z', -60));
      expect(await fired(user, alert.id)).toEqual([-120]);
      // The same trades without the setting: two days of −60, no trigger.
      const plain = await newUser(h.core());
      const plainAlert = await h.core().alerts.create(plain, { name: 'Day stop', type: 'dailyLossLimit', threshold: 100 });
      await h.core().trades.create(plain, exitAt('2026-03-09T23:30:00Z', -60));
      await h.core().trades.create(plain, exitAt('2026-03-10T14:00:00Z', -60));
      expect(await fired(plain, plainAlert.id)).toEqual([]);
    });

    it("fires the daily loss limit on the trading day of the closing trade's account", async () => {
      const user = await newUser(h.core());
      await h.core().settings.update(user, { accounts: { CME: { tradingDayStart: CME } } });
      const alert = await h.core().alerts.create(user, { name: 'Day stop', type: 'dailyLossLimit', threshold: 100 });
      const fired = async () => (await h.core().alerts.events(user, alert.id, { limit: 10 })).events.map((e) => e.value);
      // Stocks (midnight UTC): −70 on 9 March. CME: −60 at Mon 9 March 18:30 CDT (10 March's trading day).
      await h.core().trades.create(user, exitAt('2026-03-09T20:00:00Z', -70, { account: 'STK' }));
      await h.core().trades.create(user, exitAt('2026-03-09T23:30:00Z', -60, { account: 'CME' }));
      expect(await fired()).toEqual([]);
      // CME −50 on Tue 10 March 09:00 CDT: CME's 10 March is −110; the stock loss stays on the 9th.
      await h.core().trades.create(user, exitAt('2026-03-10T14:00:00Z', -50, { account: 'CME' }));
      expect(await fired()).toEqual([-110]);
    });
  });
}
