import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { caught, newUser, useCore } from '../../support/core.js';
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

    it('closes expired, assigned and exercised options at 0 and matches IBKR’s P&L', async () => {
      const user = await newUser(h.core());
      const events = readFileSync(new URL('../../fixtures/brokers/ibkr-activity-option-events.csv', import.meta.url), 'utf8');
      const report = await run(h.core(), user, events);
      expect(report.warnings.filter((w) => w.code === 'pnl_mismatch')).toEqual([]);
      const expired = (await tradesOf(h.core(), user)).find((t) => t.instrument === 'CLOV210716C00030000');
      // Bought 1 call at 0.20 (× 100) plus 0.65 commission; it expired worthless: −20.65, as IBKR says.
      expect(expired).toMatchObject({ status: 'closed', exitPrice: 0, result: -20.65, multiplier: 100 });
      expect(report.groups.find((g) => g.instrument === 'CLOV210716C00030000')).toMatchObject({ pnl: -20.65, brokerPnl: -20.65 });
    });

    it('counts MT5 swap in the net result and compares it with the broker’s gross Profit less costs', async () => {
      const user = await newUser(h.core());
      const mt5 = readFileSync(new URL('../../fixtures/brokers/mt5-report.csv', import.meta.url), 'utf8');
      const report = await run(h.core(), user, mt5, { sourceTz: 'Europe/Athens' });
      expect(report.warnings.filter((w) => w.code === 'pnl_mismatch')).toEqual([]);
      // 19.50 gross − 0.24 commission − 0.45 swap.
      expect(report.groups.find((g) => g.instrument === 'XAUUSD')).toMatchObject({ pnl: 18.81, brokerPnl: 18.81 });
    });

    it('lets only an option close at 0', async () => {
      const user = await newUser(h.core());
      const base = { instrument: 'X', direction: 'long', entryPrice: 1, positionSize: 1, entryTime: '2026-11-02T14:30:00Z' };
      const stock = await caught(() => h.core().trades.create(user, { ...base, exitPrice: 0, exitTime: '2026-11-02T15:00:00Z' }));
      expect(stock.errors).toEqual([{ path: 'exitPrice', message: expect.stringMatching(/only an option/) }]);
      const option = await h.core().trades.create(user, {
        ...base,
        assetClass: 'option',
        multiplier: 100,
        exitPrice: 0,
        exitTime: '2026-11-02T15:00:00Z',
      });
      expect(option).toMatchObject({ exitPrice: 0, result: -100, status: 'closed' });
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
