/**
 * Imports after a split or symbol change recorded by hand: the stored open trade goes on under
 * its new terms, an old file read again adds nothing, and later fills close it.
 */
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';

const HEAD = 'datetime,symbol,side,quantity,price,commission,exec_id,account';
const csv = (...rows: string[]) => [HEAD, ...rows].join('\n');

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`imports around corporate actions on ${db.name}`, () => {
    const h = useCore(db);
    const run = (user: string, text: string) =>
      h.core().imports.run(user, { open: () => [Buffer.from(text)] }, { sourceTz: 'UTC' });

    it('continues a renamed position under its new symbol; the old file read again adds nothing', async () => {
      const core = h.core();
      const user = await newUser(core);
      const bought = csv('2026-05-01T14:00:00Z,FB,buy,10,300,1,fb-1,A1');
      await run(user, bought);
      await core.corporateActions.create(user, {
        kind: 'symbolChange',
        instrument: 'FB',
        newInstrument: 'META',
        effectiveAt: '2026-06-09',
      });
      expect((await run(user, bought)).counts).toMatchObject({ tradesCreated: 0, duplicates: 1 });
      const sold = await run(
        user,
        csv('2026-05-01T14:00:00Z,FB,buy,10,300,1,fb-1,A1', '2026-07-01T14:00:00Z,META,sell,10,310,1,m-1,A1'),
      );
      expect(sold.counts).toMatchObject({ tradesCreated: 0, tradesUpdated: 1, duplicates: 1 });
      const { trades } = await core.trades.list(user, {});
      // One trade: 10 bought at 300 as FB, sold at 310 as META: 100 − 2 = 98.
      expect(trades.map((t) => [t.instrument, t.status, t.result])).toEqual([['META', 'closed', 98]]);
    });

    it('closes a position split by hand with the fills after the split', async () => {
      const core = h.core();
      const user = await newUser(core);
      await run(user, csv('2026-08-03T14:00:00Z,AAPL,buy,100,200,1,a-1,A1'));
      await core.corporateActions.create(user, { kind: 'split', instrument: 'AAPL', ratio: '4:1', effectiveAt: '2026-08-31' });
      // The grown statement: the buy again (already imported), then the sale of the 400 shares.
      await run(user, csv('2026-08-03T14:00:00Z,AAPL,buy,100,200,1,a-1,A1', '2026-09-10T14:00:00Z,AAPL,sell,400,55,1,a-2,A1'));
      const { trades } = await core.trades.list(user, {});
      // 400 at 50 sold at 55: 2,000 − 2 = 1,998 = (220 − 200) × 100 − 2.
      expect(trades.map((t) => [t.instrument, t.positionSize, t.entryPrice, t.exitPrice, t.result])).toEqual([
        ['AAPL', 400, 50, 55, 1998],
      ]);
      const trade = await core.trades.get(user, trades[0]?.id as string);
      expect(trade.executions?.map((e) => `${e.side} ${e.quantity}@${e.price}`)).toEqual(['buy 400@50', 'sell 400@55']);
    });
  });
}
