import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { caught, newUser, useCore } from '../support/core.js';

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`journal on ${db.name}`, () => {
    const h = useCore(db);

    it('creates a daily entry by default and refuses a second one for the same date and type', async () => {
      const user = await newUser(h.core());
      const e = await h
        .core()
        .journal.create(user, { date: '2026-11-20', emotionalState: { focus: 7 }, lessonsLearned: ['wait'] });
      expect(e).toMatchObject({
        type: 'daily',
        emotionalState: { energy: null, focus: 7, stress: null, confidence: null },
        lessonsLearned: ['wait'],
      });
      const dup = await caught(() => h.core().journal.create(user, { date: '2026-11-20' }));
      expect(dup.code).toBe('conflict');
      expect(dup.message).toContain('2026-11-20');
      const weekly = await h.core().journal.create(user, { date: '2026-11-20', type: 'weekly' });
      expect(weekly.type).toBe('weekly');
    });

    it('lets two users each keep an entry for the same date', async () => {
      const a = await newUser(h.core());
      const b = await newUser(h.core());
      await h.core().journal.create(a, { date: '2026-11-21' });
      const other = await h.core().journal.create(b, { date: '2026-11-21' });
      expect(other.date).toBe('2026-11-21');
    });

    it('merges emotionalState keys, replaces arrays and clears text with null', async () => {
      const user = await newUser(h.core());
      const e = await h.core().journal.create(user, {
        date: '2026-11-19',
        tradingPlan: 'plan',
        emotionalState: { energy: 5, stress: 3 },
        lessonsLearned: ['a', 'b'],
      });
      const u = await h
        .core()
        .journal.update(user, e.id, { emotionalState: { stress: 8, focus: null }, lessonsLearned: ['c'], tradingPlan: null });
      expect(u).toMatchObject({
        tradingPlan: null,
        emotionalState: { energy: 5, stress: 8, focus: null },
        lessonsLearned: ['c'],
      });
    });

    it('rejects scores outside 1-10, non-integers and unknown fields without writing anything', async () => {
      const user = await newUser(h.core());
      for (const body of [
        { date: '2026-11-18', emotionalState: { energy: 11 } },
        { date: '2026-11-18', emotionalState: { energy: 2.5 } },
        { date: '2026-11-18', emotionalState: { mood: 3 } },
        { date: '2026-02-30' },
        { date: '2026-11-18', type: 'yearly' },
      ]) {
        expect((await caught(() => h.core().journal.create(user, body))).code, JSON.stringify(body)).toBe('validation_failed');
      }
      expect((await h.core().journal.list(user, {})).pagination.total).toBe(0);
    });

    it('lists newest date first, filtered by inclusive dates and type', async () => {
      const user = await newUser(h.core());
      for (const date of ['2026-10-01', '2026-10-02', '2026-10-03']) await h.core().journal.create(user, { date });
      await h.core().journal.create(user, { date: '2026-10-02', type: 'weekly' });
      const all = await h.core().journal.list(user, {});
      expect(all.entries.map((e) => `${e.date}/${e.type}`).slice(0, 1)).toEqual(['2026-10-03/daily']);
      const range = await h.core().journal.list(user, { dateFrom: '2026-10-02', dateTo: '2026-10-03', type: 'daily' });
      expect(range.entries.map((e) => e.date)).toEqual(['2026-10-03', '2026-10-02']);
      expect(range.pagination).toEqual({ page: 1, limit: 20, total: 2, pages: 1 });
    });

    it('answers conflict when a PATCH moves an entry onto an existing date', async () => {
      const user = await newUser(h.core());
      await h.core().journal.create(user, { date: '2026-09-01' });
      const e = await h.core().journal.create(user, { date: '2026-09-02' });
      expect((await caught(() => h.core().journal.update(user, e.id, { date: '2026-09-01' }))).code).toBe('conflict');
      expect((await h.core().journal.get(user, e.id)).date).toBe('2026-09-02');
    });

    it("hides another user's entries", async () => {
      const a = await newUser(h.core());
      const b = await newUser(h.core());
      const e = await h.core().journal.create(a, { date: '2026-08-01' });
      expect((await caught(() => h.core().journal.get(b, e.id))).code).toBe('not_found');
      expect((await caught(() => h.core().journal.delete(b, e.id))).code).toBe('not_found');
      await h.core().journal.delete(a, e.id);
      expect((await caught(() => h.core().journal.get(a, e.id))).code).toBe('not_found');
    });
  });
}
