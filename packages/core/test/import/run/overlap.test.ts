import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { run, tradesOf } from './support.js';

const HEAD = 'datetime,symbol,side,quantity,price,commission';
/** Jan–Apr: a round trip held over Jan→Feb, one inside Feb, one held over Mar→Apr, one in Apr. */
const ROWS = {
  jan: ['2026-01-29T15:00:00Z,AAPL,buy,10,100,1', '2026-01-30T15:00:00Z,MSFT,sell,5,400,1'],
  feb: ['2026-02-03T15:00:00Z,AAPL,sell,10,110,1', '2026-02-10T15:00:00Z,MSFT,buy,5,390,1'],
  mar: ['2026-03-30T15:00:00Z,AAPL,buy,20,120,2', '2026-03-31T15:00:00Z,AAPL,buy,10,123,1'],
  apr: ['2026-04-02T15:00:00Z,AAPL,sell,30,130,3', '2026-04-10T15:00:00Z,MSFT,sell,5,380,1'],
};
const file = (...months: (keyof typeof ROWS)[]) => [HEAD, ...months.flatMap((m) => ROWS[m])].join('\n');

const shape = (ts: Awaited<ReturnType<typeof tradesOf>>) =>
  ts.map((t) => ({
    instrument: t.instrument,
    direction: t.direction,
    positionSize: t.positionSize,
    entryPrice: t.entryPrice,
    exitPrice: t.exitPrice,
    entryTime: t.entryTime,
    exitTime: t.exitTime,
    fees: t.fees,
    result: t.result,
  }));

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`overlapping imports on ${db.name}`, () => {
    const h = useCore(db);

    it('keeps each trade’s executions, shown by trades.get', async () => {
      const user = await newUser(h.core());
      const report = await run(
        h.core(),
        user,
        [
          'datetime,symbol,side,quantity,price,commission,fees,exec_id',
          '2026-11-02T14:30:00Z,ES,buy,2,5000,1.5,0.5,x1',
          '2026-11-02T14:40:00Z,ES,sell,1,5004,0.75,0.25,x2',
          '2026-11-02T14:50:00Z,ES,sell,1,5006,0.75,0.25,x3',
        ].join('\n'),
      );
      const trade = await h.core().trades.get(user, report.tradeIds[0] as string);
      const ES = { instrument: 'ES', action: 'trade', orderId: null };
      expect(trade.executions).toEqual([
        {
          time: '2026-11-02T14:30:00.000Z',
          side: 'buy',
          quantity: 2,
          price: 5000,
          commission: 1.5,
          fees: 0.5,
          execId: 'x1',
          ...ES,
        },
        {
          time: '2026-11-02T14:40:00.000Z',
          side: 'sell',
          quantity: 1,
          price: 5004,
          commission: 0.75,
          fees: 0.25,
          execId: 'x2',
          ...ES,
        },
        {
          time: '2026-11-02T14:50:00.000Z',
          side: 'sell',
          quantity: 1,
          price: 5006,
          commission: 0.75,
          fees: 0.25,
          execId: 'x3',
          ...ES,
        },
      ]);
      // The sale of 1 at 5004 (14:40) is a partial exit: (5004 − 5000) × 1 = 4.00, less its fees 1.00 and half
      // the opening fees 1.00: 2.00. The close books the rest of the result, 6.00 − 2.00.
      expect(trade).toMatchObject({
        fees: 4,
        result: 6,
        realizedPnL: 6,
        partialExits: [{ time: '2026-11-02T14:40:00.000Z', realizedPnL: 2 }],
        strategy: null,
      });
      const manual = await h.core().trades.create(user, {
        instrument: 'X',
        direction: 'long',
        entryPrice: 1,
        positionSize: 1,
        entryTime: '2026-11-02T14:30:00Z',
      });
      expect((await h.core().trades.get(user, manual.id)).executions).toEqual([]);
    });

    it('gives each trade its share of a fill that goes through flat', async () => {
      const user = await newUser(h.core());
      await run(
        h.core(),
        user,
        [
          HEAD,
          '2026-11-02T14:30:00Z,ES,buy,1,5000,2',
          '2026-11-02T14:40:00Z,ES,sell,3,5004,6',
          '2026-11-02T14:50:00Z,ES,buy,2,5001,4',
        ].join('\n'),
      );
      const [first, second] = await tradesOf(h.core(), user);
      const a = await h.core().trades.get(user, first?.id as string);
      const b = await h.core().trades.get(user, second?.id as string);
      expect(a.executions?.map((e) => [e.side, e.quantity, e.commission])).toEqual([
        ['buy', 1, 2],
        ['sell', 1, 2],
      ]);
      expect(b.executions?.map((e) => [e.side, e.quantity, e.commission])).toEqual([
        ['sell', 2, 4],
        ['buy', 2, 4],
      ]);
    });

    it('Jan–Mar then Feb–Apr adds nothing twice and misses nothing: the same trades as one Jan–Apr file', async () => {
      const whole = await newUser(h.core());
      await run(h.core(), whole, file('jan', 'feb', 'mar', 'apr'));
      const expected = shape(await tradesOf(h.core(), whole));
      expect(expected).toHaveLength(4);

      const user = await newUser(h.core());
      const first = await run(h.core(), user, file('jan', 'feb', 'mar'));
      expect(first.counts).toMatchObject({ tradesCreated: 3, tradesUpdated: 0, duplicates: 0 });
      const second = await run(h.core(), user, file('feb', 'mar', 'apr'));
      // Feb and Mar fills are known; the AAPL position opened in March is continued and closed.
      expect(second.counts).toMatchObject({ fills: 6, duplicates: 4, tradesCreated: 1, tradesUpdated: 1 });
      expect(shape(await tradesOf(h.core(), user))).toEqual(expected);
      const aapl = (await tradesOf(h.core(), user)).find((t) => t.entryTime.startsWith('2026-03-30'));
      // entry (20 × 120 + 10 × 123) / 30 = 121; (130 − 121) × 30 − 6 fees
      expect(aapl).toMatchObject({ positionSize: 30, entryPrice: 121, exitPrice: 130, result: 264 });
      expect((await h.core().trades.get(user, aapl?.id as string)).executions).toHaveLength(3);
      const third = await run(h.core(), user, file('jan', 'feb', 'mar', 'apr'));
      expect(third.counts).toMatchObject({ duplicates: 8, tradesCreated: 0, tradesUpdated: 0 });
      expect(shape(await tradesOf(h.core(), user))).toEqual(expected);
    });

    it('keeps two genuinely identical fills of the same second, and adds neither twice', async () => {
      const user = await newUser(h.core());
      const text = [
        HEAD,
        '2026-11-02T14:30:00Z,NQ,buy,1,20000,1',
        '2026-11-02T14:30:00Z,NQ,buy,1,20000,1',
        '2026-11-02T14:35:00Z,NQ,sell,2,20010,2',
      ].join('\n');
      expect((await run(h.core(), user, text)).counts).toMatchObject({ fills: 3, tradesCreated: 1 });
      expect(await tradesOf(h.core(), user)).toMatchObject([{ positionSize: 2, result: 16 }]);
      expect((await run(h.core(), user, text)).counts).toMatchObject({ duplicates: 3, tradesCreated: 0 });
      const grown = `${text}\n2026-11-02T14:40:00Z,NQ,buy,1,20000,1\n2026-11-02T14:40:00Z,NQ,buy,1,20000,1\n2026-11-02T14:41:00Z,NQ,sell,2,20001,2`;
      expect((await run(h.core(), user, grown)).counts).toMatchObject({ duplicates: 3, tradesCreated: 1 });
      expect((await tradesOf(h.core(), user)).map((t) => t.positionSize)).toEqual([2, 2]);
    });

    it('dedups by the broker’s execution id where the format has one', async () => {
      const user = await newUser(h.core());
      const tradovate = (rows: string[]) =>
        ['_id,_orderId,_contractId,_timestamp,_tradeDate,_action,_qty,_price,Account,Contract,Product,commission', ...rows].join(
          '\n',
        );
      const a = '101,1,1,2026-11-02T14:30:00.000Z,2026-11-02,0,1,5000.25,D1,ESZ6,ES,1.25';
      const b = '102,2,1,2026-11-02T14:45:00.000Z,2026-11-02,1,1,5002.25,D1,ESZ6,ES,1.25';
      const c = '103,3,1,2026-11-03T14:30:00.000Z,2026-11-03,1,1,5010.00,D1,ESZ6,ES,1.25';
      const d = '104,4,1,2026-11-03T14:45:00.000Z,2026-11-03,0,1,5008.00,D1,ESZ6,ES,1.25';
      await run(h.core(), user, tradovate([a, b, c]));
      const second = await run(h.core(), user, tradovate([b, c, d]));
      expect(second.counts).toMatchObject({ duplicates: 2, tradesCreated: 0, tradesUpdated: 1 });
      expect((await tradesOf(h.core(), user)).map((t) => [t.direction, t.result])).toEqual([
        ['long', 97.5],
        ['short', 97.5],
      ]);
    });
  });
}
