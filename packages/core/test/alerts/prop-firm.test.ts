import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { caught, useCore } from '../support/core.js';
import { esLong, storeEsBars, triggeredPayloads, userWithAlerts } from './prop-firm-support.js';

// Every trade here is ES at 50 money per point, without fees, so a point is 50 and a mark's
// open P&L is (price − entry) × 50 × size. Balances are the starting balance plus that.
for (const db of DATABASES) {
  describe.skipIf(!db.available)(`prop-firm rules on ${db.name}`, () => {
    const h = useCore(db);
    const core = () => h.core();

    it('intraday trailing drawdown: the open profit lifts the threshold and a bar low breaches it', async () => {
      h.clock.set('2026-11-02T20:00:00Z');
      const { user, alerts, triggers } = await userWithAlerts(core(), [
        { name: 'Funded 50K', type: 'trailingDrawdown', threshold: 2000, startingBalance: 50_000 },
      ]);
      const hook = await core().webhooks.create(user, { url: 'https://hooks.example.com/a', events: ['alert.triggered'] });
      const trade = await core().trades.create(user, esLong('2026-11-02T14:30:00Z', 5000));
      // 14:31: low 4998 → 50,000 − 2×50 = 49,900 > 48,000; the high 5010 lifts the high to 50,500.
      // 14:32: low 5005 → 50,250 > 48,500; the high 5020 lifts it to 51,000 (threshold 49,000).
      // 14:33: low 4979 → 50,000 − 21×50 = 48,950 ≤ 49,000: breached at 14:33, at 4979.
      await storeEsBars(core(), user, '2026-11-02', [
        ['14:31', 5000, 5010, 4998, 5008],
        ['14:32', 5008, 5020, 5005, 5018],
      ]);
      expect(await triggers(0)).toEqual([]);
      await storeEsBars(core(), user, '2026-11-02', [['14:33', 5018, 5019, 4979, 4985]]);
      expect((await triggers(0)).map((t) => [t.value, t.tradeId])).toEqual([[48_950, trade.id]]);
      const [data] = await triggeredPayloads(core(), hook.id);
      expect(data).toMatchObject({
        alertId: alerts[0]?.id,
        type: 'trailingDrawdown',
        threshold: 2000,
        value: 48_950,
        tradeId: trade.id,
        breach: { time: '2026-11-02T14:33:00.000Z', price: 4979, instrument: 'ES' },
      });
      // The same bars again (a re-import) fire nothing new: once per threshold level.
      await storeEsBars(core(), user, '2026-11-02', [['14:33', 5018, 5019, 4979, 4985]]);
      expect(await triggers(0)).toHaveLength(1);
    });

    it('end-of-day trailing follows the closed balance at each day end; intraday follows the open profit', async () => {
      h.clock.set('2026-11-03T20:00:00Z');
      const { user, triggers } = await userWithAlerts(core(), [
        { name: 'EOD', type: 'trailingDrawdown', threshold: 2000, startingBalance: 50_000, trailing: 'endOfDay' },
        { name: 'Intraday', type: 'trailingDrawdown', threshold: 2000, startingBalance: 50_000, trailing: 'intraday' },
      ]);
      // Day 1: +30 points closed = +1,500: balance 51,500 at the day's end. Both thresholds: 49,500.
      await core().trades.create(user, esLong('2026-11-02T14:00:00Z', 5000, { time: '2026-11-02T15:00:00Z', price: 5030 }));
      await core().trades.create(user, esLong('2026-11-03T14:30:00Z', 5000));
      // Day 2, long at 5000 from a 51,500 balance.
      // 14:31: low 4995 → 51,250: no breach. Intraday: high 5040 → 53,500, threshold 51,500.
      // 14:32: low 4968 → 51,500 − 32×50 = 49,900: intraday breached (≤ 51,500); EOD not (> 49,500).
      // 14:33: low 4958 → 51,500 − 42×50 = 49,400 ≤ 49,500: EOD breached at 14:33, at 4958.
      await storeEsBars(core(), user, '2026-11-03', [
        ['14:31', 5000, 5040, 4995, 5035],
        ['14:32', 5035, 5036, 4968, 4970],
        ['14:33', 4970, 4972, 4958, 4960],
      ]);
      expect((await triggers(0)).map((t) => t.value)).toEqual([49_400]);
      expect((await triggers(1)).map((t) => t.value)).toEqual([49_900]);
    });

    it('a threshold that stops trailing at the starting balance holds there', async () => {
      h.clock.set('2026-11-02T20:00:00Z');
      const { user, triggers } = await userWithAlerts(core(), [
        { name: 'Trails', type: 'trailingDrawdown', threshold: 2000, startingBalance: 50_000 },
        { name: 'Stops at start', type: 'trailingDrawdown', threshold: 2000, startingBalance: 50_000, stopTrailingAtStart: true },
      ]);
      // +60 points closed = +3,000: high 53,000. Trailing threshold 51,000; the stopped one min(51,000, 50,000) = 50,000.
      await core().trades.create(user, esLong('2026-11-02T13:00:00Z', 5000, { time: '2026-11-02T13:30:00Z', price: 5060 }));
      await core().trades.create(user, esLong('2026-11-02T14:30:00Z', 5000));
      // 14:31: low 4960 → 53,000 − 40×50 = 51,000: touches 51,000 (trailing breached), above 50,000.
      // 14:32: low 4939 → 53,000 − 61×50 = 49,950 ≤ 50,000: the stopped threshold breached at 4939.
      await storeEsBars(core(), user, '2026-11-02', [
        ['14:31', 5000, 5000, 4960, 4962],
        ['14:32', 4962, 4963, 4939, 4945],
      ]);
      expect((await triggers(0)).map((t) => t.value)).toEqual([51_000]);
      expect((await triggers(1)).map((t) => t.value)).toEqual([49_950]);
    });

    it('a daily loss limit that counts open losses fires on a mark; the plain one waits for closes', async () => {
      h.clock.set('2026-11-02T20:00:00Z');
      const { user, triggers } = await userWithAlerts(core(), [
        { name: 'Daily incl. open', type: 'dailyLossLimit', threshold: 500, countOpen: true },
        { name: 'Daily realised', type: 'dailyLossLimit', threshold: 500 },
      ]);
      // Realised today: −4 points = −200.
      await core().trades.create(user, esLong('2026-11-02T14:00:00Z', 5000, { time: '2026-11-02T14:10:00Z', price: 4996 }));
      const open = await core().trades.create(user, esLong('2026-11-02T14:30:00Z', 5000, undefined, 2));
      // Two contracts: 100 a point. 14:31 low 4998 → −200 − 200 = −400 > −500.
      // 14:32 low 4996 → −200 − 400 = −600 ≤ −500: breached at 14:32, at 4996.
      await storeEsBars(core(), user, '2026-11-02', [
        ['14:31', 5000, 5001, 4998, 4999],
        ['14:32', 4999, 4999, 4996, 4997],
      ]);
      expect((await triggers(0)).map((t) => [t.value, t.tradeId])).toEqual([[-600, open.id]]);
      expect(await triggers(1)).toEqual([]);
      // The position closes at 4999.5 (2 × −0.5 × 50 = −50): the day's realised −250 stays above the plain limit, and the
      // limit with open losses already fired for the day.
      await core().trades.update(user, open.id, { exitTime: '2026-11-02T14:40:00Z', exitPrice: 4999.5 });
      expect(await triggers(0)).toHaveLength(1);
      expect(await triggers(1)).toEqual([]);
    });

    it('a trade written after its bars names the bar that breached between its entry and exit', async () => {
      h.clock.set('2026-11-02T20:00:00Z');
      const { user, triggers } = await userWithAlerts(core(), [
        { name: 'Funded', type: 'trailingDrawdown', threshold: 1000, startingBalance: 50_000 },
        { name: 'Drawdown of closes', type: 'maxDrawdown', threshold: 1000 },
      ]);
      const hook = await core().webhooks.create(user, { url: 'https://hooks.example.com/b', events: ['alert.triggered'] });
      // 14:31 low 4978 → 50,000 − 22×50 = 48,900 ≤ 49,000; the trade then exits at 5010 (+500).
      await storeEsBars(core(), user, '2026-11-02', [
        ['14:31', 5000, 5002, 4978, 4990],
        ['14:32', 4990, 5011, 4989, 5010],
      ]);
      const trade = await core().trades.create(
        user,
        esLong('2026-11-02T14:30:00Z', 5000, { time: '2026-11-02T14:33:00Z', price: 5010 }),
      );
      expect((await triggers(0)).map((t) => [t.value, t.tradeId])).toEqual([[48_900, trade.id]]);
      expect(await triggers(1)).toEqual([]);
      const [data] = await triggeredPayloads(core(), hook.id);
      expect(data).toMatchObject({ value: 48_900, breach: { time: '2026-11-02T14:31:00.000Z', price: 4978, instrument: 'ES' } });
    });

    it('refuses prop-firm options that do not fit the rule, and writes nothing', async () => {
      const { user } = await userWithAlerts(core(), []);
      const noBalance = await caught(() => core().alerts.create(user, { name: 'x', type: 'trailingDrawdown', threshold: 2000 }));
      expect(noBalance).toMatchObject({ code: 'validation_failed', errors: [{ path: 'startingBalance' }] });
      const wrongType = await caught(() =>
        core().alerts.create(user, { name: 'x', type: 'maxDrawdown', threshold: 500, countOpen: true }),
      );
      expect(wrongType).toMatchObject({ code: 'validation_failed', errors: [{ path: 'countOpen' }] });
      expect((await core().alerts.list(user)).alerts).toEqual([]);
      const daily = await core().alerts.create(user, { name: 'd', type: 'dailyLossLimit', threshold: 500 });
      expect(daily).toMatchObject({ countOpen: false, startingBalance: null, trailing: null, stopTrailingAtStart: false });
      const on = await core().alerts.update(user, daily.id, { countOpen: true });
      expect(on.countOpen).toBe(true);
      expect(await caught(() => core().alerts.update(user, daily.id, { trailing: 'endOfDay' }))).toMatchObject({
        errors: [{ path: 'trailing' }],
      });
      expect((await core().alerts.get(user, daily.id)).trailing).toBeNull();
    });
  });
}
