/**
 * Excursions through the SDK against the real server on SQLite and PostgreSQL: the hand-computed
 * MAE/MFE of test/support/excursion-fixture.ts arrive on GET /api/trades/{id}, on lists, and in
 * the statistics. The bars arrive as generic bars CSV files through client.bars.import (POST /api/bars).
 */
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import {
  barsCsv,
  ES_1M,
  EXPECTED,
  HAND_TRADES,
  SCALED_FILLS,
  without,
  XYZ_1M_A,
  XYZ_1M_B,
} from '../../../test/support/excursion-fixture.js';
import { TjApiError } from '../src/index.js';
import { useServer } from './support/server.js';

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`excursions through the SDK on ${db.name}`, () => {
    const server = useServer(db);

    it('carries the hand-computed excursion on each trade, in lists and in the statistics', async () => {
      const { client } = await server().loggedIn({ retry: { retries: 0 } });
      for (const batch of [XYZ_1M_A, XYZ_1M_B, ES_1M]) {
        const stored = await client.bars.import(new Blob([barsCsv(batch)]), { instrument: batch.instrumentKey });
        expect(stored).toMatchObject({ format: 'generic-csv', timeframe: '1m', written: batch.bars.length });
      }
      const ids: Record<string, string> = {};
      for (const [name, body] of Object.entries(HAND_TRADES)) ids[name] = (await client.trades.create(body as never)).id;
      await client.imports.create(new Blob([SCALED_FILLS]), { sourceTz: 'UTC' });

      const one = async (name: keyof typeof ids) => (await client.trades.get(ids[name] as string)).excursion;
      expect(await one('long')).toEqual(EXPECTED.long);
      expect(await one('short')).toEqual(EXPECTED.short);
      expect(await one('oneBar')).toEqual(EXPECTED.oneBar);
      expect(await one('quiet')).toEqual(EXPECTED.quiet);
      expect(await one('future')).toEqual(EXPECTED.future);
      expect(await one('gap')).toEqual(without('gap'));
      expect(await one('option')).toEqual(without('no_option_bars'));
      expect(await one('open')).toEqual(without('open'));
      const { trades } = await client.trades.list({ limit: 100 });
      expect(trades.find((t) => t.positionSize === 4)?.excursion).toEqual(EXPECTED.scaled);
      expect(trades.find((t) => t.id === ids.short)?.excursion).toEqual(EXPECTED.short);

      // As in the core test: 6 trades with figures, MAE −60.5 ÷ 6, MFE 338.6 ÷ 6, R over long and short, ETD 101.55.
      const stats = await client.trades.statistics({ maeR: 2 });
      // Beyond −2 R: long (−2.5 R) of the two winners with a risk: 50 %.
      expect(stats.excursions).toEqual({
        trades: 6,
        averageMae: -10.08333333,
        averageMfe: 56.43333333,
        tradesWithR: 2,
        averageMaeR: -1.5,
        averageMfeR: 4.75,
        maeR: 2,
        stopPlacement: 50,
        leftOnTable: 101.55,
      });
      const refused = await client.trades.statistics({ maeR: -1 }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(TjApiError);
      expect(refused).toMatchObject({ status: 400, code: 'validation_failed' });
    });
  });
}
