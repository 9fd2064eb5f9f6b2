/**
 * TradingView futures (docs/decisions.md, "Continuous futures"): continuous symbols are booked
 * under their root with the catalogue's point value, a contract month keeps its spelling.
 */
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { detectedFormat, fixture, importFailure, importText, tradesOf } from './support.js';

const text = fixture('tradingview-futures-orders.csv');

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`TradingView futures import on ${db.name}`, () => {
    const h = useCore(db);

    it('books NQ1!, ES1! and MNQ1! under their roots with the catalogue’s point values', async () => {
      expect(await detectedFormat(text)).toBe('tradingview-orders');
      const user = await newUser(h.core());
      const { summary, trades } = await importText(h.core(), user, text);
      // NQ, ES, MNQ and ESM2026: four positions; the Cancelled NQ1! row is skipped.
      expect(summary).toMatchObject({ created: 4, skipped: 0 });
      expect(trades.map((t) => t.instrument)).toEqual(['NQ', 'ES', 'MNQ', 'ESM2026']);
      // NQ1! long 2: 21,500.25 → 21,540.75 = 40.50 points × 20 × 2 = 1,620.00 − 4.30 − 4.30 = 1,611.40.
      // 09:35:01 EDT (New York, DST since 8 March) = 13:35:01Z.
      expect(tradesOf(trades, 'NQ')[0]).toMatchObject({
        direction: 'long',
        positionSize: 2,
        multiplier: 20,
        entryPrice: 21500.25,
        exitPrice: 21540.75,
        fees: 8.6,
        result: 1611.4,
        assetClass: 'future',
        underlying: 'NQ',
        entryTime: '2026-04-14T13:35:01.000Z',
        exitTime: '2026-04-14T14:12:40.000Z',
      });
      // ES1! short 1: 5,300.50 → 5,306.25 = −5.75 points × 50 = −287.50 − 2.25 − 2.25 = −292.00.
      expect(tradesOf(trades, 'ES')[0]).toMatchObject({
        direction: 'short',
        multiplier: 50,
        fees: 4.5,
        result: -292,
        assetClass: 'future',
        underlying: 'ES',
      });
      // MNQ1! long 5 from 21,510.00, out 3 at 21,530.50 (+20.50 × 2 × 3 = +123.00) and 2 at 21,495.25
      // (−14.75 × 2 × 2 = −59.00): +64.00 − (1.55 + 0.93 + 0.62 = 3.10) = 60.90.
      expect(tradesOf(trades, 'MNQ')[0]).toMatchObject({
        direction: 'long',
        positionSize: 5,
        multiplier: 2,
        fees: 3.1,
        result: 60.9,
        underlying: 'MNQ',
      });
      // ESM2026 (a contract month, not continuous) keeps its spelling: 5,310.00 → 5,312.75 = 2.75 × 50
      // = 137.50 − 4.50 = 133.00.
      expect(tradesOf(trades, 'ESM2026')[0]).toMatchObject({ multiplier: 50, result: 133, underlying: 'ES' });
    });

    it('takes the user’s point value over the catalogue’s, by root', async () => {
      const user = await newUser(h.core());
      await h.core().imports.run(
        user,
        { open: () => [Buffer.from(text)] },
        {
          sourceTz: 'America/New_York',
          pointValues: { NQ: 25 },
        },
      );
      const { trades } = await h.core().trades.list(user, { instrument: 'NQ' });
      // 40.50 points × 25 × 2 = 2,025.00 − 8.60 = 2,016.40.
      expect(trades).toHaveLength(1);
      expect(trades[0]).toMatchObject({ multiplier: 25, result: 2016.4 });
    });

    it('is stable on re-import: the same file again adds nothing', async () => {
      const user = await newUser(h.core());
      await importText(h.core(), user, text);
      const again = await importText(h.core(), user, text);
      expect(again.summary).toMatchObject({ created: 0, skipped: 10 - 1 });
      expect(again.trades).toHaveLength(4);
    });

    it('refuses an unknown root, naming the symbol, the root and the flag to pass, and writes nothing', async () => {
      const unknown = `${text.split('\n')[0]}\nCME:XYZ1!,Buy,Market,1,,,100.00,Filled,1.00,,,2026-04-14 09:35:00,2026-04-14 09:35:01,1\n`;
      expect(await importFailure(h.core(), unknown)).toEqual({
        message:
          'line 2, column symbol: "XYZ1!": unknown futures root XYZ; give its point value with the pointValues option (tj import --point-value XYZ=VALUE)',
        trades: 0,
      });
    });
  });
}
