/**
 * core.bars.aroundTrade on SQLite and PostgreSQL, beside what the SDK test covers: an open trade's
 * window runs to now (the core's clock), and an option never shows its underlying's bars.
 */
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { CHART_BARS, seedTradeChart } from '../../../../test/support/trade-chart-seed.js';
import { storeBars } from '../../src/bars/store.js';
import { newUser, useCore } from '../support/core.js';

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`the bars around a trade in core on ${db.name}`, () => {
    const h = useCore(db);

    it('runs an open trade’s window to now', async () => {
      const user = await newUser(h.core());
      await seedTradeChart(h.storage(), user);
      h.clock.set('2026-11-20T14:36:20Z');
      const open = await h.core().trades.create(user, {
        instrument: 'ESZ6',
        assetClass: 'future',
        direction: 'long',
        entryPrice: 5002,
        positionSize: 1,
        entryTime: '2026-11-20T14:31:30Z',
      });
      // Entry bar 14:31, now in the bar of 14:36; padding 1: 14:30 … 14:38 (exclusive), 8 bars.
      const around = await h.core().bars.aroundTrade(user, open.id, { padding: 1 });
      expect(around).toMatchObject({ from: '2026-11-20T14:30:00.000Z', to: '2026-11-20T14:38:00.000Z', timeframe: '1m' });
      expect(around.bars.map((b) => b.time.slice(11, 16))).toEqual([
        '14:30',
        '14:31',
        '14:32',
        '14:33',
        '14:34',
        '14:35',
        '14:36',
        '14:37',
      ]);
    });

    it('never shows an option its underlying’s bars', async () => {
      const user = await newUser(h.core());
      const range = {
        from: (CHART_BARS[0] as { time: number }).time,
        to: Date.parse('2026-11-20T14:41:00Z'),
        source: 'file:test',
      };
      await h
        .storage()
        .transaction((tx) => storeBars(tx, user, { instrumentKey: 'SPY', timeframe: 60, bars: CHART_BARS, range }, []));
      const option = await h.core().trades.create(user, {
        instrument: 'SPY 261218C00600000',
        assetClass: 'option',
        underlying: 'SPY',
        direction: 'long',
        entryPrice: 2.5,
        positionSize: 1,
        multiplier: 100,
        entryTime: '2026-11-20T14:31:00Z',
        exitPrice: 3,
        exitTime: '2026-11-20T14:35:00Z',
      });
      const around = await h.core().bars.aroundTrade(user, option.id, {});
      expect(around).toMatchObject({ instrument: 'SPY 261218C00600000', continuous: false, timeframe: null, bars: [] });
    });
  });
}
