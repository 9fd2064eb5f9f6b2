import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { caught, newUser, tradeBody, useCore } from '../support/core.js';

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`trades on ${db.name}`, () => {
    const h = useCore(db);

    it('computes result, rMultiple and status for a closed short with fees and a multiplier', async () => {
      const user = await newUser(h.core());
      const t = await h.core().trades.create(
        user,
        tradeBody({
          instrument: 'ES',
          direction: 'short',
          entryPrice: 5000,
          positionSize: 2,
          multiplier: 50,
          fees: 4.5,
          stopLoss: 5010,
          exitPrice: 4990.25,
          exitTime: '2026-11-20T16:00:00+01:00',
        }),
      );
      expect(t).toMatchObject({ status: 'closed', result: 970.5, rMultiple: 0.9705, exitTime: '2026-11-20T15:00:00.000Z' });
      expect(t.entryTime).toBe('2026-11-20T14:30:00.000Z');
    });

    it('keeps an open trade without result and rMultiple', async () => {
      const user = await newUser(h.core());
      const t = await h.core().trades.create(user, tradeBody({ stopLoss: 95, tags: ['gap', 'earnings'] }));
      expect(t).toMatchObject({
        status: 'open',
        result: null,
        rMultiple: null,
        exitPrice: null,
        fees: 0,
        multiplier: 1,
        tags: ['gap', 'earnings'],
      });
    });

    it('lets a result sent by the client win over the computed one', async () => {
      const user = await newUser(h.core());
      const t = await h
        .core()
        .trades.create(user, tradeBody({ exitPrice: 110, exitTime: '2026-11-20T15:00:00Z', result: 42, stopLoss: 90 }));
      expect(t.result).toBe(42);
      expect(t.rMultiple).toBe(0.42);
    });

    it('closes via PATCH at the clock time when no exitTime is sent, and reopens with exitPrice null', async () => {
      const user = await newUser(h.core());
      const t = await h.core().trades.create(user, tradeBody({ stopLoss: 98 }));
      h.clock.set('2026-11-20T20:00:00.000Z');
      const closed = await h.core().trades.update(user, t.id, { exitPrice: 104 });
      expect(closed).toMatchObject({ status: 'closed', exitTime: '2026-11-20T20:00:00.000Z', result: 40, rMultiple: 2 });
      const reopened = await h.core().trades.update(user, t.id, { exitPrice: null });
      expect(reopened).toMatchObject({ status: 'open', exitTime: null, result: null, rMultiple: null });
    });

    it('clears optional fields with null in a PATCH', async () => {
      const user = await newUser(h.core());
      const t = await h
        .core()
        .trades.create(
          user,
          tradeBody({ stopLoss: 95, takeProfit: 120, setupType: 'breakout', notes: 'n', tags: ['a'], fees: 2 }),
        );
      const u = await h
        .core()
        .trades.update(user, t.id, { stopLoss: null, takeProfit: null, setupType: null, notes: null, tags: null, fees: null });
      expect(u).toMatchObject({ stopLoss: null, takeProfit: null, setupType: null, notes: null, tags: [], fees: 0 });
    });

    it('rejects a stop on the winning side and a target on the losing side, naming the fields', async () => {
      const user = await newUser(h.core());
      const e = await caught(() => h.core().trades.create(user, tradeBody({ stopLoss: 101, takeProfit: 99 })));
      expect(e.code).toBe('validation_failed');
      expect(e.errors?.map((x) => x.path)).toEqual(['stopLoss', 'takeProfit']);
      const s = await caught(() => h.core().trades.create(user, tradeBody({ direction: 'short', stopLoss: 99 })));
      expect(s.errors?.[0]?.path).toBe('stopLoss');
    });

    it('rejects an exit before the entry, a result on an open trade, unknown fields and wrong types', async () => {
      const user = await newUser(h.core());
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ exitPrice: 101, exitTime: '2026-11-19T00:00:00Z' }, 'exitTime'],
        [{ result: 10 }, 'result'],
        [{ colour: 'red' }, 'colour'],
        [{ entryPrice: '100' }, 'entryPrice'],
        [{ entryPrice: -1 }, 'entryPrice'],
        [{ direction: 'sideways' }, 'direction'],
        [{ entryTime: '2026-11-20 14:30' }, 'entryTime'],
        [{ tags: ['a', 'a'] }, 'tags'],
      ];
      for (const [over, path] of cases) {
        const e = await caught(() => h.core().trades.create(user, tradeBody(over)));
        expect(e.code, JSON.stringify(over)).toBe('validation_failed');
        expect(e.errors?.[0]?.path, JSON.stringify(over)).toBe(path);
      }
      expect((await h.core().trades.list(user, {})).pagination.total).toBe(0);
    });

    it('says once what is wrong with an exit price: below 0, or between 0 and 1e-12', async () => {
      const user = await newUser(h.core());
      const negative = await caught(() => h.core().trades.create(user, tradeBody({ exitPrice: -5 })));
      expect(negative.errors).toEqual([
        { path: 'exitPrice', message: 'must be 0 (an option that expired worthless) or greater' },
      ]);
      const dust = await caught(() => h.core().trades.create(user, tradeBody({ exitPrice: 1e-15 })));
      expect(dust.errors).toEqual([{ path: 'exitPrice', message: 'must be 0 or at least 0.000000000001' }]);
      expect((await h.core().trades.list(user, {})).pagination.total).toBe(0);
    });

    it('rejects a PATCH that breaks a rule and leaves the stored trade unchanged', async () => {
      const user = await newUser(h.core());
      const t = await h.core().trades.create(user, tradeBody({ stopLoss: 95 }));
      const e = await caught(() => h.core().trades.update(user, t.id, { stopLoss: 105 }));
      expect(e.code).toBe('validation_failed');
      expect(await h.core().trades.get(user, t.id)).toEqual({ ...t, executions: [] });
    });

    it('lists newest entry first with filters, pagination and totals that follow deletes and closes', async () => {
      const user = await newUser(h.core());
      const days = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05'];
      const made = [];
      for (const [i, d] of days.entries()) {
        made.push(
          await h.core().trades.create(user, tradeBody({ instrument: i % 2 ? 'msft' : 'AAPL', entryTime: `${d}T23:59:59Z` })),
        );
      }
      const page1 = await h.core().trades.list(user, { page: '1', limit: '2' });
      expect(page1.trades.map((t) => t.entryTime.slice(0, 10))).toEqual(['2026-11-05', '2026-11-04']);
      expect(page1.pagination).toEqual({ page: 1, limit: 2, total: 5, pages: 3 });
      expect((await h.core().trades.list(user, { page: 4, limit: 2 })).trades).toEqual([]);
      const msft = await h.core().trades.list(user, { instrument: 'MSFT' });
      expect(msft.pagination.total).toBe(2);
      const range = await h.core().trades.list(user, { dateFrom: '2026-11-02', dateTo: '2026-11-04' });
      expect(range.trades.map((t) => t.entryTime.slice(0, 10))).toEqual(['2026-11-04', '2026-11-03', '2026-11-02']);
      await h.core().trades.update(user, made[0]?.id as string, { exitPrice: 101, exitTime: '2026-11-06T00:00:00Z' });
      await h.core().trades.delete(user, made[1]?.id as string);
      expect((await h.core().trades.list(user, { status: 'closed' })).pagination.total).toBe(1);
      expect((await h.core().trades.list(user, { status: 'open' })).pagination.total).toBe(3);
      expect((await h.core().trades.list(user, { status: 'all' })).pagination.total).toBe(4);
      for (const bad of [{ page: 0 }, { limit: 101 }, { limit: 0 }, { status: 'pending' }, { dateFrom: 'yesterday' }]) {
        expect((await caught(() => h.core().trades.list(user, bad))).code).toBe('validation_failed');
      }
    });

    it("answers not_found for another user's trade and for ids that are not uuids, and shows none in lists", async () => {
      const alice = await newUser(h.core());
      const bob = await newUser(h.core());
      const t = await h.core().trades.create(alice, tradeBody());
      expect((await caught(() => h.core().trades.get(bob, t.id))).code).toBe('not_found');
      expect((await caught(() => h.core().trades.update(bob, t.id, { notes: 'x' }))).code).toBe('not_found');
      expect((await caught(() => h.core().trades.delete(bob, t.id))).code).toBe('not_found');
      expect((await caught(() => h.core().trades.get(alice, 'not-a-uuid'))).code).toBe('not_found');
      expect((await h.core().trades.list(bob, {})).pagination.total).toBe(0);
      expect((await h.core().trades.get(alice, t.id)).notes).toBeNull();
    });
  });
}
