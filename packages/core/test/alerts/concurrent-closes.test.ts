import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { newUser, tradeBody, useCore } from '../support/core.js';

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`alerts under concurrent writes on ${db.name}`, () => {
    const h = useCore(db);

    it('fires a daily loss limit once when two losing trades close at the same moment', async () => {
      const user = await newUser(h.core());
      const alert = await h.core().alerts.create(user, { name: 'daily stop', type: 'dailyLossLimit', threshold: 100 });
      for (let round = 0; round < 5; round++) {
        const day = `2026-10-${String(10 + round).padStart(2, '0')}`;
        const [a, b] = await Promise.all([
          h.core().trades.create(user, tradeBody({ entryTime: `${day}T14:00:00Z` })),
          h.core().trades.create(user, tradeBody({ entryTime: `${day}T14:05:00Z` })),
        ]);
        // Each loses 60: neither alone reaches the limit of 100, together they do.
        await Promise.all([
          h.core().trades.update(user, a?.id as string, { exitPrice: 94, exitTime: `${day}T15:00:00Z` }),
          h.core().trades.update(user, b?.id as string, { exitPrice: 94, exitTime: `${day}T15:00:00Z` }),
        ]);
      }
      const events = await h.core().alerts.events(user, alert.id, { limit: 100 });
      expect(events.pagination.total).toBe(5);
      expect(events.events.every((e) => e.value === -120)).toBe(true);
    });
  });
}
