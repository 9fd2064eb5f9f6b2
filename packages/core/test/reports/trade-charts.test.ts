/**
 * The report's trade charts and MAE-vs-result scatter on SQLite and PostgreSQL: the bars around
 * the best and the worst trades (the series, the resolution, the padded window) and one point per
 * closed trade with an excursion, latest exit first. Trades, bars and excursions (computed when
 * the bars arrive):
 * test/support/trade-chart-seed.ts.
 */
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import {
  CHART_EXCURSION,
  CHART_LOSER,
  CHART_TRADE,
  LOSER_EXCURSION,
  seedTradeChart,
} from '../../../../test/support/trade-chart-seed.js';
import { newUser, useCore } from '../support/core.js';

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`the report's trade charts on ${db.name}`, () => {
    const h = useCore(db);

    it('carries the bars around the best and worst trades and the MAE-vs-result points', async () => {
      const user = await newUser(h.core());
      const winner = await h.core().trades.create(user, CHART_TRADE);
      const loser = await h.core().trades.create(user, CHART_LOSER);
      const plain = await h.core().trades.create(user, { ...CHART_TRADE, instrument: 'NQZ6', exitPrice: 5003 });
      await seedTradeChart(h.storage(), user);
      // The bars' arrival computed both excursions: the figures by hand of the seed.
      expect((await h.core().trades.get(user, winner.id)).excursion).toEqual(CHART_EXCURSION);
      expect((await h.core().trades.get(user, loser.id)).excursion).toEqual(LOSER_EXCURSION);

      const report = await h.core().reports.summary(user, { tz: 'UTC' });
      expect(report.bestTrades.map((t) => t.id)).toEqual([winner.id, plain.id]);
      expect(report.worstTrades.map((t) => t.id)).toEqual([loser.id]);
      // Winner: entry bar 14:31, exit bar 14:34, padding 30 → 14:01 … 15:05; the loser: 14:27, 14:28 → 13:57 … 14:59.
      // Both hold all 16 bars 14:25 … 14:40. NQZ6 (best #2) has none: an empty list, the window at 1m.
      expect(report.tradeBars.map(({ bars, ...rest }) => ({ ...rest, bars: bars.length }))).toEqual([
        {
          tradeId: winner.id,
          instrument: 'ESZ6',
          continuous: false,
          timeframe: '1m',
          bars: 16,
          from: '2026-11-20T14:01:00.000Z',
          to: '2026-11-20T15:05:00.000Z',
        },
        {
          tradeId: plain.id,
          instrument: 'NQZ6',
          continuous: false,
          timeframe: null,
          bars: 0,
          from: '2026-11-20T14:01:00.000Z',
          to: '2026-11-20T15:05:00.000Z',
        },
        {
          tradeId: loser.id,
          instrument: 'ESZ6',
          continuous: false,
          timeframe: '1m',
          bars: 16,
          from: '2026-11-20T13:57:00.000Z',
          to: '2026-11-20T14:59:00.000Z',
        },
      ]);
      expect(report.tradeBars[0]?.bars[0]).toEqual({
        time: '2026-11-20T14:25:00.000Z',
        open: 5001,
        high: 5001.5,
        low: 5000.25,
        close: 5001.25,
        volume: 100,
      });
      // Latest exit first: the winner (14:34) then the loser (14:28.8); NQZ6 has no excursion.
      expect(report.excursionScatter).toEqual({
        unit: 'money',
        points: [
          { tradeId: winner.id, instrument: 'ESZ6', mae: -150, result: 100 },
          { tradeId: loser.id, instrument: 'ESZ6', mae: -37.5, result: -25 },
        ],
        truncated: false,
      });

      // The filters hold: NQZ6 alone has no excursion and no bars.
      const nq = await h.core().reports.summary(user, { tz: 'UTC', instrument: 'NQZ6' });
      expect(nq.excursionScatter.points).toEqual([]);
      expect(nq.tradeBars.map((b) => [b.tradeId, b.bars.length])).toEqual([[plain.id, 0]]);
    });
  });
}
