import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { caught, newUser, useCore } from '../../support/core.js';
import { run, tradesOf } from './support.js';

// TradingView forex orders with blank Commission cells (read from ../shared, not copied).
const TV_FOREX = readFileSync(
  join(import.meta.dirname, '../../../../../../shared/fixtures/brokers/tradingview-forex-orders.csv'),
  'utf8',
);
// Stocks in a fills CSV without commission or fees columns: each fill is an order of its own.
const STOCKS = [
  'datetime,symbol,side,quantity,price',
  '2026-11-02T14:30:00Z,AAPL,buy,100,190.00',
  '2026-11-02T15:00:00Z,AAPL,sell,100,191.00',
  '2026-11-02T15:10:00Z,MSFT,buy,500,400.00',
  '2026-11-02T15:20:00Z,MSFT,sell,500,401.00',
].join('\n');
// The same with a commission column of zeros: the file states its fees (none), so no schedule applies.
const STOCKS_ZERO = [
  'datetime,symbol,side,quantity,price,commission',
  '2026-11-02T14:30:00Z,AAPL,buy,100,190.00,0',
  '2026-11-02T15:00:00Z,AAPL,sell,100,191.00,0',
].join('\n');
// One fill of four states a commission: the file carries fees, every fill keeps the file's.
const ONE_STATED = [
  'datetime,symbol,side,quantity,price,commission',
  '2026-11-02T14:30:00Z,AAPL,buy,100,190.00,',
  '2026-11-02T15:00:00Z,AAPL,sell,100,191.00,0.35',
].join('\n');
// One order of three fills of 1 share each (O1), closed by one order (O2).
const SPLIT = [
  'datetime,symbol,side,quantity,price,order_id',
  '2026-11-02T14:30:00Z,XYZ,buy,1,10.00,O1',
  '2026-11-02T14:30:01Z,XYZ,buy,1,10.00,O1',
  '2026-11-02T14:30:02Z,XYZ,buy,1,10.00,O1',
  '2026-11-02T14:40:00Z,XYZ,sell,3,11.00,O2',
].join('\n');
// Tradovate Orders layout (futures, no account column, no fees): 2 ES long, 10 points up.
const TRADOVATE = [
  'orderId,B/S,Contract,Product,Fill Time,avgPrice,filledQty',
  '501,Buy,ESZ6,ES,11/02/2026 09:30:00,5000.00,2',
  '502,Sell,ESZ6,ES,11/02/2026 10:00:00,5010.00,2',
].join('\n');

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`commission schedules at import on ${db.name}`, () => {
    const h = useCore(db);

    it('charges per share with a minimum per order, marks the trades and re-imports nothing', async () => {
      const user = await newUser(h.core());
      await h.core().settings.update(user, { commission: { perShare: 0.005, minimum: 1 } });
      const report = await run(h.core(), user, STOCKS);
      expect(report.counts).toMatchObject({ fills: 4, tradesCreated: 2, scheduledFees: 4 });
      expect(report.warnings.map((w) => w.code)).toContain('scheduled_fees');
      const [aapl, msft] = await tradesOf(h.core(), user);
      // AAPL: 100 × 0.005 = 0.50 per order, raised to the 1.00 minimum: 2 orders = 2.00;
      // result (191 − 190) × 100 − 2.00 = 98.
      expect(aapl).toMatchObject({ instrument: 'AAPL', fees: 2, result: 98, feesFromSchedule: true });
      // MSFT: 500 × 0.005 = 2.50 per order (above the minimum): 5.00; result 1 × 500 − 5 = 495.
      expect(msft).toMatchObject({ instrument: 'MSFT', fees: 5, result: 495, feesFromSchedule: true });
      const again = await run(h.core(), user, STOCKS);
      expect(again.counts).toMatchObject({ tradesCreated: 0, tradesUpdated: 0, duplicates: 4, scheduledFees: 0 });
      expect(await tradesOf(h.core(), user)).toHaveLength(2);
      // A later schedule does not rewrite stored trades, and the file is still the same file (dedup unchanged).
      await h.core().settings.update(user, { commission: { perShare: 0.01 } });
      const changed = await run(h.core(), user, STOCKS);
      expect(changed.counts).toMatchObject({ tradesCreated: 0, duplicates: 4 });
      expect((await tradesOf(h.core(), user)).map((t) => t.result)).toEqual([98, 495]);
    });

    it("charges per contract from the account's schedule, which wins over the user's", async () => {
      const user = await newUser(h.core());
      await h.core().settings.update(user, {
        commission: { perShare: 0.005, perOrder: 9 },
        accounts: { 'Tradovate-1': { commission: { perContract: 1.29 } } },
      });
      const report = await run(h.core(), user, TRADOVATE, { account: 'Tradovate-1' });
      expect(report.counts.scheduledFees).toBe(2);
      const [es] = await tradesOf(h.core(), user);
      // 2 contracts × 1.29 per order = 2.58, 2 orders = 5.16; gross 10 points × 2 × 50 = 1000; net 994.84.
      expect(es).toMatchObject({
        account: 'Tradovate-1',
        instrument: 'ESZ6',
        fees: 5.16,
        result: 994.84,
        feesFromSchedule: true,
      });
      // Another account has no schedule of its own: the user's (9 per order, per share 0 for contracts) applies.
      await run(h.core(), user, TRADOVATE, { account: 'Other' });
      const other = (await tradesOf(h.core(), user)).find((t) => t.account === 'Other');
      // 9 per order × 2 orders = 18; 1000 − 18 = 982.
      expect(other).toMatchObject({ fees: 18, result: 982, feesFromSchedule: true });
    });

    it('splits an order over its fills pro rata by quantity, exactly in micro-units', async () => {
      const user = await newUser(h.core());
      await h.core().settings.update(user, { commission: { perOrder: 1 } });
      const report = await run(h.core(), user, SPLIT);
      expect(report.counts.scheduledFees).toBe(4);
      const [listed] = await tradesOf(h.core(), user);
      const trade = await h.core().trades.get(user, listed?.id as string);
      // O1: 1.00 over 1 + 1 + 1 shares: ⌊1e6·1/3⌋ = 333333, ⌊1e6·2/3⌋ − 333333 = 333333,
      // 1e6 − 666666 = 333334 micros; O2: 1.00 on its one fill.
      expect(trade.executions?.map((e) => e.commission)).toEqual([0.333333, 0.333333, 0.333334, 1]);
      // Fees 2.00 exactly; result (11 − 10) × 3 − 2 = 1.
      expect(trade).toMatchObject({ fees: 2, result: 1, feesFromSchedule: true });
    });

    it('leaves a file that states fees, and a user without a schedule, as the file says', async () => {
      const user = await newUser(h.core());
      await h.core().settings.update(user, { commission: { perOrder: 1, minimum: 2 } });
      const zero = await run(h.core(), user, STOCKS_ZERO);
      expect(zero.counts.scheduledFees).toBe(0);
      expect(zero.warnings.map((w) => w.code)).not.toContain('scheduled_fees');
      // (191 − 190) × 100, no fees.
      expect((await tradesOf(h.core(), user))[0]).toMatchObject({ fees: 0, result: 100, feesFromSchedule: false });
      const stated = await run(h.core(), user, ONE_STATED, { account: 'B' });
      expect(stated.counts.scheduledFees).toBe(0);
      // 100 − 0.35 (the one commission the file states; the blank one stays 0).
      expect((await tradesOf(h.core(), user)).find((t) => t.account === 'B')).toMatchObject({ fees: 0.35, result: 99.65 });
      const plain = await newUser(h.core());
      const none = await run(h.core(), plain, STOCKS);
      expect(none.counts.scheduledFees).toBe(0);
      expect((await tradesOf(h.core(), plain)).map((t) => [t.fees, t.result, t.feesFromSchedule])).toEqual([
        [0, 100, false],
        [0, 500, false],
      ]);
    });

    it('charges forex orders per order only, on a TradingView file whose Commission cells are blank', async () => {
      const user = await newUser(h.core());
      await h.core().settings.update(user, { commission: { perShare: 0.005, perOrder: 2 } });
      const report = await run(h.core(), user, TV_FOREX, { sourceTz: 'UTC' });
      expect(report.counts.scheduledFees).toBe(2);
      // 400,000 × (1.18032 − 1.17973) = 236.00 gross; 2 orders × 2.00 (no per-unit charge for forex) = 4.00.
      expect(await tradesOf(h.core(), user)).toMatchObject([
        { instrument: 'EURUSD', fees: 4, result: 232, feesFromSchedule: true },
      ]);
    });

    it('patches a schedule like the other settings: fields kept, null clears one, null drops it', async () => {
      const user = await newUser(h.core());
      const settings = h.core().settings;
      await settings.update(user, { commission: { perShare: 0.005, minimum: 1 } });
      expect((await settings.update(user, { commission: { perOrder: 0.5 } })).commission).toEqual({
        perShare: 0.005,
        perContract: null,
        perOrder: 0.5,
        minimum: 1,
      });
      expect((await settings.update(user, { commission: { minimum: null } })).commission).toMatchObject({ minimum: null });
      const account = await settings.update(user, { accounts: { IRA: { commission: { perContract: 0.65 } } } });
      expect(account.accounts.IRA?.commission).toEqual({ perShare: null, perContract: 0.65, perOrder: null, minimum: null });
      expect((await settings.update(user, { commission: null })).commission).toBeNull();
      // Clearing every field drops the schedule.
      expect(
        (await settings.update(user, { accounts: { IRA: { commission: { perContract: null } } } })).accounts.IRA?.commission,
      ).toBeNull();
      const refused = await caught(() => settings.update(user, { commission: { perShare: -1 } }));
      expect(refused.errors?.[0]?.path).toBe('commission.perShare');
      const unknown = await caught(() => settings.update(user, { commission: { maximum: 1 } }));
      expect(unknown.code).toBe('validation_failed');
    });

    it('keeps the mark on a trade a later file with fees closes', async () => {
      const user = await newUser(h.core());
      await h.core().settings.update(user, { commission: { perShare: 0.005, minimum: 1 } });
      const opening = 'datetime,symbol,side,quantity,price\n2026-11-02T14:30:00Z,AAPL,buy,100,190.00';
      const closing = 'datetime,symbol,side,quantity,price,commission\n2026-11-03T14:30:00Z,AAPL,sell,100,191.00,0.35';
      expect((await run(h.core(), user, opening)).counts.scheduledFees).toBe(1);
      const closed = await run(h.core(), user, closing);
      expect(closed.counts).toMatchObject({ tradesUpdated: 1, scheduledFees: 0 });
      // Open: 100 × 0.005 = 0.50 → the 1.00 minimum (scheduled); close: the file's 0.35.
      // (191 − 190) × 100 − 1.35 = 98.65.
      expect(await tradesOf(h.core(), user)).toMatchObject([{ fees: 1.35, result: 98.65, feesFromSchedule: true }]);
    });

    it('clears the mark when the fees are set by hand', async () => {
      const user = await newUser(h.core());
      await h.core().settings.update(user, { commission: { perOrder: 1 } });
      await run(h.core(), user, SPLIT);
      const [trade] = await tradesOf(h.core(), user);
      const edited = await h.core().trades.update(user, trade?.id as string, { fees: 1.5 });
      // (11 − 10) × 3 − 1.50 = 1.50
      expect(edited).toMatchObject({ fees: 1.5, result: 1.5, feesFromSchedule: false });
    });
  });
}
