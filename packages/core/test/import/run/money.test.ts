import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { caught, newUser, useCore } from '../../contract/harness.js';
import { run, tradesOf } from './support.js';

const ibkr = readFileSync(new URL('../../fixtures/brokers/ibkr-activity.csv', import.meta.url), 'utf8');

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`broker P&L, point values and time zones on ${db.name}`, () => {
    const h = useCore(db);

    it('puts the broker’s net P&L beside ours per group when they agree', async () => {
      const user = await newUser(h.core());
      const report = await run(h.core(), user, ibkr, { dryRun: true });
      // AAPL: (152.10 − 150.25) × 100 − 2.02 fees = 182.98, as IBKR's Realized P/L says.
      expect(report.groups.find((g) => g.instrument === 'AAPL')).toMatchObject({ pnl: 182.98, brokerPnl: 182.98 });
      expect(report.warnings.filter((w) => w.code === 'pnl_mismatch')).toEqual([]);
    });

    it('warns when the broker’s P&L differs from ours, naming the trade and its line', async () => {
      const user = await newUser(h.core());
      const changed = ibkr.replace(',182.98,-10,C', ',180.00,-10,C');
      const report = await run(h.core(), user, changed, { dryRun: true });
      expect(report.groups.find((g) => g.instrument === 'AAPL')).toMatchObject({ pnl: 182.98, brokerPnl: 180 });
      expect(report.warnings.filter((w) => w.code === 'pnl_mismatch')).toEqual([
        {
          code: 'pnl_mismatch',
          line: 12,
          message: expect.stringMatching(/^AAPL .*our net P&L 182\.98, the broker's 180$/),
        },
      ]);
    });

    it('refuses an unknown futures root, naming it and the point value option, and accepts a point value', async () => {
      const user = await newUser(h.core());
      const text = [
        '_id,_orderId,_contractId,_timestamp,_tradeDate,_action,_qty,_price,Account,Contract,Product,commission',
        '1,1,1,2026-11-02T14:30:00.000Z,2026-11-02,0,1,100.5,D1,QQZ6,QQ,1',
        '2,2,1,2026-11-02T14:45:00.000Z,2026-11-02,1,1,101.5,D1,QQZ6,QQ,1',
      ].join('\n');
      const e = await caught(() => run(h.core(), user, text, {}, 'fills.csv'));
      expect(e.message).toMatch(
        /^fills\.csv, line 2, column symbol: .*unknown futures root QQ.*pointValues.*--point-value QQ=VALUE/,
      );
      expect(await tradesOf(h.core(), user)).toEqual([]);
      await run(h.core(), user, text, { pointValues: { QQ: 20 } });
      expect(await tradesOf(h.core(), user)).toMatchObject([{ multiplier: 20, result: 18 }]);
    });

    it('reads naive times in sourceTz, says which zone it used, and reports DST gaps and overlaps', async () => {
      const user = await newUser(h.core());
      const ninja = [
        'Instrument;Action;Quantity;Price;Time;ID;E/X;Position;Order ID;Name;Commission;Rate;Account;Connection;',
        'MES 03-26;Buy;1;6050,25;08.03.2026 02:30:00;n1;Entry;1 L;o1;Entry;0,50 $;1;A1;Rithmic;',
        'MES 03-26;Sell;1;6051,25;01.11.2026 01:30:00;n2;Exit;-;o2;Exit;0,50 $;1;A1;Rithmic;',
      ].join('\n');
      const report = await run(h.core(), user, ninja, { sourceTz: 'America/New_York' });
      expect(report.sourceTz).toBe('America/New_York');
      const dst = report.warnings.filter((w) => w.code.startsWith('dst_'));
      expect(dst.map((w) => [w.code, w.line, w.message])).toEqual([
        ['dst_gap', 2, 'the time does not exist (clocks jumped forward) in America/New_York'],
        ['dst_overlap', 3, 'the time happened twice (clocks went back); the earlier was taken in America/New_York'],
      ]);
    });
  });
}
