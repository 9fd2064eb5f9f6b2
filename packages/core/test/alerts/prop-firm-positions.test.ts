import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { useCore } from '../support/core.js';
import { storeEsBars, storeMinuteBars, userWithAlerts } from './prop-firm-support.js';

// Positions as they were held: a short one (its adverse extreme is the bar's high), and one scaled
// in by its executions (its size at each bar is the size after the fills before that bar).
for (const db of DATABASES) {
  describe.skipIf(!db.available)(`prop-firm marks of positions on ${db.name}`, () => {
    const h = useCore(db);
    const core = () => h.core();

    it('marks a short position at the bar highs, and its favourable extreme at the lows', async () => {
      h.clock.set('2026-11-02T20:00:00Z');
      const { user, triggers } = await userWithAlerts(core(), [
        { name: 'Funded', type: 'trailingDrawdown', threshold: 1000, startingBalance: 50_000 },
      ]);
      const trade = await core().trades.create(user, {
        instrument: 'ES',
        direction: 'short',
        entryPrice: 5000,
        positionSize: 1,
        multiplier: 50,
        entryTime: '2026-11-02T14:30:00Z',
      });
      // Short 1 ES at 5000 (50 a point), threshold 49,000.
      // 14:31 high 5005 → 50,000 − 5 × 50 = 49,750 (> 49,000); low 4980 → 51,000: threshold 50,000;
      //   close 4985 → 50,750 (> 50,000).
      // 14:32 high 5001 → 50,000 − 1 × 50 = 49,950 ≤ 50,000: breached at 14:32, at 5001.
      await storeEsBars(core(), user, '2026-11-02', [
        ['14:31', 5000, 5005, 4980, 4985],
        ['14:32', 4985, 5001, 4984, 4999],
      ]);
      expect((await triggers(0)).map((t) => [t.value, t.tradeId])).toEqual([[49_950, trade.id]]);
    });

    it('marks a position scaled in by its executions at the size it had, skipping the bar a fill fell inside', async () => {
      h.clock.set('2026-11-02T20:00:00Z');
      const { user, triggers } = await userWithAlerts(core(), [
        { name: 'Daily incl. open', type: 'dailyLossLimit', threshold: 300, countOpen: true },
      ]);
      const fills = [
        'datetime,symbol,side,quantity,price,commission,exec_id',
        '2026-11-02T14:30:00Z,AAPL,buy,100,100,0,f1',
        '2026-11-02T14:35:30Z,AAPL,buy,100,99,0,f2',
        '2026-11-02T14:50:00Z,AAPL,sell,200,101,0,f3',
      ].join('\n');
      const report = await core().imports.run(user, { open: () => [Buffer.from(`${fills}\n`)] }, { sourceTz: 'UTC' });
      expect(report.counts.tradesCreated).toBe(1);
      // Realised +300 at 14:50: the import fires nothing. The bars, stored after:
      // 14:31: 100 held from 100, low 99.5 → −50.
      // 14:35: the second fill (14:35:30) falls inside: not used (its low 97 would read −300 at 100 shares).
      // 14:36: 200 held (100 from 100, 100 from 99), low 98 → 100 × −2 + 100 × −1 = −300 ≤ −300: breached at 98.
      expect(await triggers(0)).toEqual([]);
      await storeMinuteBars(core(), user, 'AAPL', '2026-11-02', [
        ['14:31', 100, 100.5, 99.5, 100],
        ['14:35', 99.5, 99.6, 97, 99.4],
        ['14:36', 99.4, 99.5, 98, 98.5],
      ]);
      const [trigger] = await triggers(0);
      expect(trigger?.value).toBe(-300);
      expect((await triggers(0)).length).toBe(1);
    });
    it('an import of fills checks the trailing rule once, at the bars already held between its fills', async () => {
      h.clock.set('2026-11-02T20:00:00Z');
      const { user, triggers } = await userWithAlerts(core(), [
        { name: 'Small account', type: 'trailingDrawdown', threshold: 300, startingBalance: 10_000 },
      ]);
      // Bars first (no trade yet: they mark nothing), then 100 AAPL bought at 100 and sold at 101.
      // 14:31 low 96.9 → 10,000 + 100 × (96.9 − 100) = 9,690 ≤ 9,700: breached at 14:31, at 96.9;
      // the trade still closes +100.
      await storeMinuteBars(core(), user, 'AAPL', '2026-11-02', [
        ['14:31', 100, 100.2, 96.9, 99],
        ['14:32', 99, 100.5, 98.8, 100.4],
      ]);
      const fills = [
        'datetime,symbol,side,quantity,price,commission,exec_id',
        '2026-11-02T14:30:00Z,AAPL,buy,100,100,0,g1',
        '2026-11-02T14:40:00Z,AAPL,sell,100,101,0,g2',
      ].join('\n');
      const report = await core().imports.run(user, { open: () => [Buffer.from(`${fills}\n`)] }, { sourceTz: 'UTC' });
      const [tradeId] = report.tradeIds;
      expect((await triggers(0)).map((t) => [t.value, t.tradeId])).toEqual([[9690, tradeId]]);
    });
    it('counts the closes of instruments without bars in the balance and its high', async () => {
      h.clock.set('2026-11-02T20:00:00Z');
      const { user, triggers } = await userWithAlerts(core(), [
        { name: 'Funded', type: 'trailingDrawdown', threshold: 1000, startingBalance: 50_000 },
      ]);
      // NQ (no bars held): long 1 at 20,000, out at 20,050, 20 a point = +1,000: balance and high 51,000, threshold 50,000.
      await core().trades.create(user, {
        instrument: 'NQ',
        direction: 'long',
        entryPrice: 20_000,
        positionSize: 1,
        multiplier: 20,
        entryTime: '2026-11-02T13:00:00Z',
        exitTime: '2026-11-02T13:30:00Z',
        exitPrice: 20_050,
      });
      const es = await core().trades.create(user, {
        instrument: 'ES',
        direction: 'long',
        entryPrice: 5000,
        positionSize: 1,
        multiplier: 50,
        entryTime: '2026-11-02T14:30:00Z',
      });
      // ES 14:31 low 4980 → 51,000 − 20 × 50 = 50,000 ≤ 50,000: breached (without the NQ close: 49,000, no breach).
      await storeEsBars(core(), user, '2026-11-02', [['14:31', 5000, 5000, 4980, 4990]]);
      expect((await triggers(0)).map((t) => [t.value, t.tradeId])).toEqual([[50_000, es.id]]);
    });
  });
}
