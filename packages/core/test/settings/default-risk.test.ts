/**
 * R for trades without a stop: the default risk of /api/settings, per account and per instrument
 * root (money or a stop distance in points), on both databases. Hand-computed values.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { newUser, tradeBody, useCore } from '../support/core.js';

const closed = (over: Record<string, unknown>) => tradeBody({ exitPrice: 101, exitTime: '2026-11-20T15:00:00Z', ...over });

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`default risk on ${db.name}`, () => {
    const h = useCore(db);

    it('gives a trade without a stop its R from the most specific risk, and says so', async () => {
      const core = h.core();
      const user = await newUser(core);
      // Before any setting: no stop, no R.
      const bare = await core.trades.create(user, closed({}));
      expect(bare).toMatchObject({ result: 10, rMultiple: null, rSource: null });
      await core.settings.update(user, {
        defaultRisk: 40,
        instruments: { es: { stopPoints: 4 } },
        accounts: { IRA: { defaultRisk: 25, instruments: { AAPL: { risk: 8 } } } },
      });
      // The user's default: +10 / 40 = 0.25 (and the earlier trade got it too).
      expect(await core.trades.get(user, bare.id)).toMatchObject({ rMultiple: 0.25, rSource: 'default risk' });
      // A stop wins: long 100, stop 98, size 10: risk 20, +10 → 0.5.
      expect(await core.trades.create(user, closed({ stopLoss: 98 }))).toMatchObject({ rMultiple: 0.5, rSource: 'stop' });
      // ES by its root: 4 points × 2 contracts × 50 = 400; long 5000 → 5003: +300 → 0.75.
      const es = await core.trades.create(
        user,
        closed({ instrument: 'ESZ6', underlying: 'ES', entryPrice: 5000, exitPrice: 5003, positionSize: 2, multiplier: 50 }),
      );
      expect(es).toMatchObject({ result: 300, rMultiple: 0.75, rSource: 'default risk' });
      // The account's setting for the root beats everything: AAPL in IRA risks 8, +10 → 1.25.
      expect(await core.trades.create(user, closed({ account: 'IRA' }))).toMatchObject({ rMultiple: 1.25 });
      // The account's default beats the user's: MSFT in IRA risks 25, +10 → 0.4.
      expect(await core.trades.create(user, closed({ account: 'IRA', instrument: 'MSFT' }))).toMatchObject({ rMultiple: 0.4 });
      // A loss: −7.5 / 40 = −0.1875.
      expect(await core.trades.create(user, closed({ instrument: 'TSLA', exitPrice: 99.25 }))).toMatchObject({
        result: -7.5,
        rMultiple: -0.1875,
      });
      // Statistics see the new R.
      const stats = await core.analytics.statistics(user, { instrument: 'AAPL' });
      expect(stats.averageR).toBeCloseTo((0.25 + 0.5 + 1.25) / 3, 8);
    });

    it('recomputes trades without a stop when the risk changes, and clears R when it is removed', async () => {
      const core = h.core();
      const user = await newUser(core);
      const t = await core.trades.create(user, closed({}));
      const stopped = await core.trades.create(user, closed({ stopLoss: 99 }));
      await core.settings.update(user, { defaultRisk: 20 });
      expect((await core.trades.get(user, t.id)).rMultiple).toBe(0.5);
      await core.settings.update(user, { defaultRisk: 80 });
      expect((await core.trades.get(user, t.id)).rMultiple).toBe(0.125);
      expect((await core.trades.get(user, stopped.id)).rMultiple).toBe(1);
      expect(await core.settings.get(user)).toMatchObject({ defaultRisk: 80, instruments: {} });
      await core.settings.update(user, { defaultRisk: null });
      expect(await core.trades.get(user, t.id)).toMatchObject({ rMultiple: null, rSource: null });
      const bad = await core.settings.update(user, { defaultRisk: -5 }).catch((e: unknown) => e);
      expect(bad).toMatchObject({ code: 'validation_failed' });
    });

    it('imported trades get R from the default risk', async () => {
      const core = h.core();
      const user = await newUser(core);
      await core.settings.update(user, { instruments: { NQ: { stopPoints: 10 } } });
      const csv = [
        'datetime,symbol,side,quantity,price,commission,fees,exec_id,account,multiplier,tags,note',
        '2026-05-04T14:30:00Z,NQ,sell,1,18000,0,0,r-1,SIM,20,,',
        '2026-05-04T14:45:00Z,NQ,buy,1,17985,0,0,r-2,SIM,20,,',
        '',
      ].join('\n');
      const record = await core.imports.create(
        user,
        { name: 'nq.csv', open: () => Readable.from([Buffer.from(csv)]) },
        { sourceTz: 'UTC' },
      );
      // Short 1 NQ from 18000 to 17985: +15 points × 20 = 300; risk 10 × 1 × 20 = 200 → 1.5 R.
      expect(await core.trades.get(user, record.tradeIds[0] as string)).toMatchObject({
        result: 300,
        rMultiple: 1.5,
        rSource: 'default risk',
      });
    });
  });
}
