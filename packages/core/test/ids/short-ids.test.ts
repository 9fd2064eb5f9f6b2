import { idPrefixRange } from '@tj/core';
import { shortIdOf, shortIds } from '@tj/core/internal';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { caught, newUser, tradeBody, useCore } from '../support/core.js';

describe('id prefixes and short ids (pure)', () => {
  it('turns a prefix into the inclusive range of ids it covers, with or without hyphens, any case', () => {
    expect(idPrefixRange('0193AB4F-1c')).toEqual({
      from: '0193ab4f-1c00-0000-0000-000000000000',
      to: '0193ab4f-1cff-ffff-ffff-ffffffffffff',
    });
    expect(idPrefixRange('0193ab4f1c')).toEqual(idPrefixRange('0193ab4f-1c'));
    for (const bad of ['', 'xyz', '0193-ab4f', '0193ab4f-1c2a-7a3f-8000-0000000000000', '0193ab4f--']) {
      expect(idPrefixRange(bad), bad).toBeUndefined();
    }
  });

  it('shortens an id to one character past what its neighbours share, and never below 8', () => {
    const id = '0193ab4f-1c2a-7a3f-8000-000000000001';
    expect(shortIdOf(id, '0193ab4f-1c2a-7a3e-8000-000000000009', null)).toBe('0193ab4f-1c2a-7a3f');
    expect(shortIdOf(id, null, '0193ff00-0000-7000-8000-000000000000')).toBe('0193ab4f');
    expect(shortIdOf(id)).toBe('0193ab4f');
    expect(shortIds(['0193ab4f-0000-7000-8000-000000000002', '0193ab4f-0000-7000-8000-000000000001'])).toEqual({
      '0193ab4f-0000-7000-8000-000000000001': '0193ab4f-0000-7000-8000-000000000001',
      '0193ab4f-0000-7000-8000-000000000002': '0193ab4f-0000-7000-8000-000000000002',
    });
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`id prefixes and short ids on ${db.name}`, () => {
    const h = useCore(db);

    it('finds trades and journal entries by the start of their id, only the user’s own', async () => {
      const user = await newUser(h.core());
      const other = await newUser(h.core());
      const trades = [];
      for (let i = 0; i < 5; i++) trades.push(await h.core().trades.create(user, tradeBody()));
      const theirs = await h.core().trades.create(other, tradeBody());
      const target = trades[2] as { id: string };
      const { shortIds: short } = await h.core().ids.short(user, { kind: 'trade', ids: trades.map((t) => t.id).join(',') });
      for (const t of trades) {
        const prefix = short[t.id] as string;
        expect(prefix.length).toBeGreaterThanOrEqual(8);
        expect(t.id.startsWith(prefix)).toBe(true);
        const found = await h.core().trades.list(user, { idPrefix: prefix });
        expect(found.trades.map((x) => x.id)).toEqual([t.id]);
        expect(found.pagination.total).toBe(1);
      }
      const upper = await h.core().trades.list(user, { idPrefix: target.id.replace(/-/g, '').slice(0, 20).toUpperCase() });
      expect(upper.trades.map((x) => x.id)).toEqual([target.id]);
      const everyOne = await h.core().trades.list(user, { idPrefix: target.id.slice(0, 8) });
      expect(everyOne.pagination.total).toBe(trades.filter((t) => t.id.startsWith(target.id.slice(0, 8))).length);
      expect((await h.core().trades.list(user, { idPrefix: theirs.id })).trades).toEqual([]);

      const entry = await h.core().journal.create(user, { date: '2026-11-20' });
      await h.core().journal.create(user, { date: '2026-11-21' });
      const journal = await h.core().journal.list(user, { idPrefix: entry.id.slice(0, 23) });
      expect(journal.entries.map((e) => e.id)).toEqual([entry.id]);
    });

    it('shortens alert and webhook ids among the user’s own of that kind', async () => {
      const user = await newUser(h.core());
      const a = await h.core().alerts.create(user, { name: 'a', type: 'missingStopLoss' });
      const b = await h.core().alerts.create(user, { name: 'b', type: 'missingStopLoss' });
      const { shortIds: short } = await h.core().ids.short(user, { kind: 'alert', ids: `${a.id},${b.id}` });
      expect(short).toEqual(shortIds([a.id, b.id]));
    });

    it('refuses a prefix that is not the start of an id, and more than 100 ids, naming the field', async () => {
      const user = await newUser(h.core());
      const bad = await caught(() => h.core().trades.list(user, { idPrefix: 'zz' }));
      expect(bad).toMatchObject({ code: 'validation_failed', errors: [{ path: 'idPrefix' }] });
      const many = Array.from({ length: 101 }, () => '0193ab4f-0000-7000-8000-000000000001').join(',');
      const tooMany = await caught(() => h.core().ids.short(user, { kind: 'trade', ids: many }));
      expect(tooMany.errors?.[0]?.path).toBe('ids');
    });
  });
}
