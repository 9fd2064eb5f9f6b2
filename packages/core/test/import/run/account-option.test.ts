import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { caught, newUser, useCore } from '../../support/core.js';
import { run, tradesOf } from './support.js';

const SCHWAB = readFileSync(
  join(import.meta.dirname, '../../../../../../shared/fixtures/brokers/schwab-transactions.csv'),
  'utf8',
);

// A fills CSV without an account column: buy 100 AAPL, sell 50 of them (the trade stays open).
const OPENING = [
  'datetime,symbol,side,quantity,price,commission,exec_id',
  '2026-11-02T14:30:00Z,AAPL,buy,100,190.00,1.00,e1',
  '2026-11-02T15:00:00Z,AAPL,sell,50,195.00,1.00,e2',
].join('\n');
// The next statement: the other 50 sold.
const CLOSING = [
  'datetime,symbol,side,quantity,price,commission,exec_id',
  '2026-11-03T15:00:00Z,AAPL,sell,50,196.00,1.00,e3',
].join('\n');
// A trades CSV without an account column: whole trades.
const TRADES = [
  'instrument,direction,entryPrice,positionSize,entryTime,exitPrice,exitTime,fees',
  'ES,long,5000,1,2026-11-02T14:30:00Z,5004,2026-11-02T15:00:00Z,4.5',
].join('\n');
// A Tradovate file: its rows name their account (DEMO1).
const TRADOVATE = [
  '_id,_orderId,_contractId,_timestamp,_tradeDate,_action,_qty,_price,_active,_finallyPaired,Account,Contract,Product,commission',
  '101,201,1,2026-11-02T14:30:00.000Z,2026-11-02,0,2,5000.25,true,2,DEMO1,ESZ6,ES,2.5',
  '102,202,1,2026-11-02T14:45:00.000Z,2026-11-02,1,2,5004.25,true,2,DEMO1,ESZ6,ES,2.5',
].join('\n');

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`imports with an account option on ${db.name}`, () => {
    const h = useCore(db);

    it('puts the fills of a file without accounts in the account, dedups within it and continues its open trade', async () => {
      const user = await newUser(h.core());
      const first = await run(h.core(), user, OPENING, { account: 'Schwab-IRA' });
      expect(first.counts).toMatchObject({ rows: 2, fills: 2, tradesCreated: 1, tradesUpdated: 0 });
      // Open: 50 of 100 sold, (195 − 190) × 50 − the exit's share of fees booked as realized.
      expect(first.groups).toEqual([expect.objectContaining({ account: 'Schwab-IRA', instrument: 'AAPL', trades: 1, open: 1 })]);
      // The same file into the same account adds nothing.
      const again = await run(h.core(), user, OPENING, { account: 'Schwab-IRA' });
      expect(again.counts).toMatchObject({ tradesCreated: 0, tradesUpdated: 0, duplicates: 2 });
      // The next statement, into the same account, closes the trade the first one left open.
      const closing = await run(h.core(), user, CLOSING, { account: 'Schwab-IRA' });
      expect(closing.counts).toMatchObject({ tradesCreated: 0, tradesUpdated: 1 });
      const [trade] = await tradesOf(h.core(), user);
      // 50 × (195 − 190) + 50 × (196 − 190) − 3 × 1.00 commission = 250 + 300 − 3 = 547
      expect(trade).toMatchObject({ account: 'Schwab-IRA', instrument: 'AAPL', positionSize: 100, result: 547 });
      // The same file into another account is that account's trade, not a duplicate.
      const other = await run(h.core(), user, OPENING, { account: 'Roth' });
      expect(other.counts).toMatchObject({ tradesCreated: 1, duplicates: 0 });
      expect((await tradesOf(h.core(), user)).map((t) => t.account).sort()).toEqual(['Roth', 'Schwab-IRA']);
    });

    it('puts whole trades in the account, their dedup key with it', async () => {
      const user = await newUser(h.core());
      expect((await run(h.core(), user, TRADES, { account: 'Futures-1' })).counts.tradesCreated).toBe(1);
      expect((await run(h.core(), user, TRADES, { account: 'Futures-1' })).counts).toMatchObject({
        tradesCreated: 0,
        duplicates: 1,
      });
      expect((await run(h.core(), user, TRADES, { account: 'Futures-2' })).counts.tradesCreated).toBe(1);
      // No multiplier column, so 1: (5004 − 5000) × 1 − 4.5 fees = −0.5, once in each account
      const byAccount = (await tradesOf(h.core(), user)).map((t) => [t.account, t.result]).sort();
      expect(byAccount).toEqual([
        ['Futures-1', -0.5],
        ['Futures-2', -0.5],
      ]);
    });

    it('refuses a file whose rows name another account, writing nothing, even when skipping invalid rows', async () => {
      const user = await newUser(h.core());
      const message =
        'file.csv: line 2 names its own account "DEMO1"; the account option (tj import --account) is for files without one: leave it out to keep the file\'s accounts';
      expect(await caught(() => run(h.core(), user, TRADOVATE, { account: 'Other' }))).toMatchObject({
        code: 'validation_failed',
        message,
      });
      expect(await caught(() => run(h.core(), user, TRADOVATE, { account: 'Other', skipInvalid: true }))).toMatchObject({
        message,
      });
      expect(await tradesOf(h.core(), user)).toEqual([]);
      // Naming the file's own account is no conflict.
      expect((await run(h.core(), user, TRADOVATE, { account: 'DEMO1' })).groups.map((g) => g.account)).toEqual(['DEMO1']);
    });

    it('imports the Schwab sample into a named account: the same trades, each in it', async () => {
      const named = await newUser(h.core());
      const plain = await newUser(h.core());
      await run(h.core(), named, SCHWAB, { account: 'Schwab-IRA' });
      await run(h.core(), plain, SCHWAB);
      const strip = (t: Record<string, unknown>) => [t.instrument, t.entryTime, t.result];
      const namedTrades = await tradesOf(h.core(), named);
      const plainTrades = await tradesOf(h.core(), plain);
      // The sample: buy 100 AAPL at 150, sell them at 155: (155 − 150) × 100 = 500
      expect(namedTrades.map(strip)).toEqual([['AAPL', '2025-01-01T17:00:00.000Z', 500]]);
      expect(namedTrades.map(strip)).toEqual(plainTrades.map(strip));
      expect(namedTrades.map((t) => t.account)).toEqual(['Schwab-IRA']);
      expect(plainTrades.map((t) => t.account)).toEqual([null]);
    });
  });
}
