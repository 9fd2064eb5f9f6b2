import { insertTrade, newTradeRow } from '@tj/core/internal';
import { coreDeps } from '@tj/core/internal';
import { tradeCreateSchema } from '@tj/core';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { newUser, tradeBody, useCore } from '../support/core.js';

/** What the list says: ids on the page and the total. */
async function listed(core: ReturnType<ReturnType<typeof useCore>['core']>, user: string, query: Record<string, unknown>) {
  const page = await core.trades.list(user, query);
  return { ids: page.trades.map((t) => t.id), total: page.pagination.total };
}

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`the trade list page and its total on ${db.name}`, () => {
    const h = useCore(db);

    it('answers the total with the page, and from the counters alone for an empty page past the end', async () => {
      const core = h.core();
      const user = await newUser(core);
      const ids: string[] = [];
      for (let i = 0; i < 7; i++) {
        const closed = i % 3 === 0 ? { exitPrice: 101, exitTime: `2026-11-0${i + 1}T15:00:00.000Z` } : {};
        ids.push((await core.trades.create(user, tradeBody({ entryTime: `2026-11-0${i + 1}T14:00:00.000Z`, ...closed }))).id);
      }
      const newestFirst = [...ids].reverse();
      expect(await listed(core, user, { limit: 3 })).toEqual({ ids: newestFirst.slice(0, 3), total: 7 });
      expect(await listed(core, user, { limit: 3, page: 3 })).toEqual({ ids: newestFirst.slice(6), total: 7 });
      expect(await listed(core, user, { limit: 3, page: 4 })).toEqual({ ids: [], total: 7 });
      expect(await listed(core, user, { limit: 2, status: 'closed' })).toMatchObject({ total: 3 });
      expect(await listed(core, user, { limit: 2, status: 'open', page: 9 })).toEqual({ ids: [], total: 4 });
      expect(await listed(core, await newUser(core), { limit: 5 })).toEqual({ ids: [], total: 0 });
      await core.trades.delete(user, ids[0] as string);
      expect(await listed(core, user, { limit: 50 })).toEqual({ ids: newestFirst.slice(0, 6), total: 6 });
    });

    it('never shows a trade of a transaction still open, even one that then rolls back', async () => {
      const core = h.core();
      const deps = coreDeps(core);
      const user = await newUser(core);
      await core.trades.create(user, tradeBody());
      let inserted!: () => void;
      const insertedYet = new Promise<void>((r) => (inserted = r));
      let finish!: () => void;
      const gate = new Promise<void>((r) => (finish = r));
      const rolledBack = deps.storage.transaction(async (tx) => {
        await insertTrade(tx, deps, newTradeRow(deps, user, tradeCreateSchema.parse(tradeBody({ notes: 'never' }))));
        inserted();
        await gate;
        throw new Error('roll back');
      });
      await insertedYet;
      const during = listed(core, user, { limit: 10 });
      await new Promise((r) => setTimeout(r, 50));
      finish();
      await expect(rolledBack).rejects.toThrow('roll back');
      const seen = await during;
      expect(seen.total).toBe(1);
      expect(seen.ids).toHaveLength(1);
      expect(await listed(core, user, { limit: 10 })).toEqual(seen);
    });
  });
}
