import { excursionsAfterBars, storeBars } from '@tj/core/internal';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import {
  ES_1M,
  EXPECTED,
  HAND_TRADES,
  SCALED_FILLS,
  without,
  XYZ_1M_A,
  XYZ_1M_B,
  XYZ_5M,
} from '../../../../test/support/excursion-fixture.js';
import { caught, newUser, useCore } from '../support/core.js';
import { textSource } from '../import/run/support.js';

type Batch = typeof XYZ_1M_A;

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`excursions on ${db.name}`, () => {
    const h = useCore(db);
    const store = (user: string, batch: Batch) =>
      h.storage().transaction((tx) => storeBars(tx, user, batch, [excursionsAfterBars]));
    const excursionOf = async (user: string, id: string) => (await h.core().trades.get(user, id)).excursion;

    it('gives the hand-computed MAE/MFE of long, short, scaled, one-bar, quiet-minute and continuous trades', async () => {
      const core = h.core();
      const user = await newUser(core);
      await store(user, XYZ_1M_A);
      await store(user, XYZ_1M_B);
      await store(user, ES_1M);
      const ids: Record<string, string> = {};
      for (const [name, body] of Object.entries(HAND_TRADES)) ids[name] = (await core.trades.create(user, body)).id;
      const report = await core.imports.run(user, textSource(SCALED_FILLS), { sourceTz: 'UTC' });
      expect(report.counts).toMatchObject({ tradesCreated: 1 });
      const scaled = (await core.trades.list(user, { limit: 100 })).trades.find((t) => t.positionSize === 4);

      expect(await excursionOf(user, ids.long as string)).toEqual(EXPECTED.long);
      expect(await excursionOf(user, ids.short as string)).toEqual(EXPECTED.short);
      expect(await excursionOf(user, ids.oneBar as string)).toEqual(EXPECTED.oneBar);
      expect(await excursionOf(user, ids.quiet as string)).toEqual(EXPECTED.quiet);
      expect(await excursionOf(user, ids.future as string)).toEqual(EXPECTED.future);
      expect(scaled?.excursion).toEqual(EXPECTED.scaled);
      expect(await excursionOf(user, ids.gap as string)).toEqual(without('gap'));
      expect(await excursionOf(user, ids.option as string)).toEqual(without('no_option_bars'));
      expect(await excursionOf(user, ids.noBars as string)).toEqual(without('no_bars'));
      expect(await excursionOf(user, ids.open as string)).toEqual(without('open'));

      // Figures: long, short, oneBar, quiet, future, scaled (gap, option, noBars have none; open is not closed).
      // MAE −25 − 2.5 − 1.2 − 0.8 − 25 − 6 = −60.5 ÷ 6 = −10.0833… → −10.08333333;
      // MFE 45 + 25 + 4.8 + 1.8 + 250 + 12 = 338.6 ÷ 6 = 56.4333… → 56.43333333.
      // With a stop: long (−2.5 R / 4.5 R) and short (−0.5 R / 5 R): means −1.5 and 4.75. Both win;
      // only long's MAE went beyond −1 R: stop placement 1 ÷ 2 = 50 %. ETD 30 + 6.25 + 2.4 + 0.4 + 62.5 + 0 = 101.55.
      const stats = await core.analytics.statistics(user, {});
      expect(stats.excursions).toEqual({
        trades: 6,
        averageMae: -10.08333333,
        averageMfe: 56.43333333,
        tradesWithR: 2,
        averageMaeR: -1.5,
        averageMfeR: 4.75,
        maeR: 1,
        stopPlacement: 50,
        leftOnTable: 101.55,
      });
      // Beyond −3 R: none of the two winners.
      expect((await core.analytics.statistics(user, { maeR: '3' })).excursions?.stopPlacement).toBe(0);
      // Setup breakout: long and oneBar. MAE (−25 − 1.2) ÷ 2 = −13.1, MFE (45 + 4.8) ÷ 2 = 24.9, ETD 30 + 2.4 = 32.4.
      expect((await core.analytics.statistics(user, { setup: 'breakout' })).excursions).toEqual({
        trades: 2,
        averageMae: -13.1,
        averageMfe: 24.9,
        tradesWithR: 1,
        averageMaeR: -2.5,
        averageMfeR: 4.5,
        maeR: 1,
        stopPlacement: 100,
        leftOnTable: 32.4,
      });
      // By setup: (none) holds quiet, future and scaled with figures: MAE (−0.8 − 25 − 6) ÷ 3 = −10.6,
      // MFE (1.8 + 250 + 12) ÷ 3 = 87.9333… → 87.93333333, no R.
      const bySetup = await core.analytics.byCategory(user, { category: 'setup' });
      const pick = (name: string) => {
        const c = bySetup.categories.find((i) => i.name === name);
        return (
          c && { averageMae: c.averageMae, averageMfe: c.averageMfe, averageMaeR: c.averageMaeR, averageMfeR: c.averageMfeR }
        );
      };
      expect(pick('breakout')).toEqual({ averageMae: -13.1, averageMfe: 24.9, averageMaeR: -2.5, averageMfeR: 4.5 });
      expect(pick('fade')).toEqual({ averageMae: -2.5, averageMfe: 25, averageMaeR: -0.5, averageMfeR: 5 });
      expect(pick('(none)')).toEqual({ averageMae: -10.6, averageMfe: 87.93333333, averageMaeR: null, averageMfeR: null });
      const bad = await caught(() => core.analytics.statistics(user, { maeR: '0' }));
      expect(bad.code).toBe('validation_failed');
      expect(bad.errors?.map((e) => e.path)).toEqual(['maeR']);
    });

    it('fills an excursion when bars arrive after the trade, at the finest timeframe that covers it', async () => {
      const core = h.core();
      const user = await newUser(core);
      const gap = await core.trades.create(user, HAND_TRADES.gap);
      const future = await core.trades.create(user, HAND_TRADES.future);
      expect(gap.excursion).toEqual(without('no_bars'));
      expect(future.excursion).toEqual(without('no_bars'));
      await store(user, XYZ_1M_A);
      await store(user, XYZ_1M_B);
      await store(user, ES_1M);
      expect(await excursionOf(user, gap.id)).toEqual(without('gap'));
      expect(await excursionOf(user, future.id)).toEqual(EXPECTED.future);
      const before = await h.storage().repos.trades.dataVersion(user);
      await store(user, XYZ_5M);
      expect(await excursionOf(user, gap.id)).toEqual(EXPECTED.gapFilled);
      expect(await h.storage().repos.trades.dataVersion(user)).toBeGreaterThan(before);
    });

    it('recomputes when the trade is edited, and `recompute` finds nothing to change', async () => {
      const core = h.core();
      const user = await newUser(core);
      await store(user, XYZ_1M_A);
      const long = await core.trades.create(user, HAND_TRADES.long);
      expect(long.excursion).toEqual(EXPECTED.long);
      // Exit moved to 104.5: gross (104.5 − 100.5) × 10 = 40, ETD 45 − 40 = 5; exit eff (104.5 − 98) ÷ 7 = 0.928571… → 0.92857143.
      const edited = await core.trades.update(user, long.id, { exitPrice: 104.5 });
      const expected = { ...EXPECTED.long, etd: 5, exitEfficiency: 0.92857143 };
      expect(edited.excursion).toEqual(expected);
      expect(await excursionOf(user, long.id)).toEqual(expected);
      // Reopened: the excursion waits for the close.
      const reopened = await core.trades.update(user, long.id, { exitPrice: null });
      expect(reopened.excursion).toEqual(without('open'));
      await core.trades.update(user, long.id, { exitPrice: 104.5, exitTime: HAND_TRADES.long.exitTime });
      expect(await excursionOf(user, long.id)).toEqual(expected);
      expect(await core.excursions.recompute(user)).toEqual({ trades: 1, changed: 0 });
    });

    it('never measures one user’s trade on another user’s bars', async () => {
      const core = h.core();
      const owner = await newUser(core);
      const other = await newUser(core);
      await store(owner, XYZ_1M_A);
      const t = await core.trades.create(other, HAND_TRADES.long);
      expect(t.excursion).toEqual(without('no_bars'));
      expect((await core.analytics.statistics(other, {})).excursions).toBeNull();
    });
  });
}
