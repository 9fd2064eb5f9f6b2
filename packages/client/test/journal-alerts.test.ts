import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { useServer } from './support/server.js';

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`journal and alerts round trips on ${db.name}`, () => {
    const server = useServer(db);

    it('journal: create, get, update (emotional state merges), list with filters, delete', async () => {
      const { client } = await server().loggedIn();
      const entry = await client.journal.create({
        date: '2026-11-20',
        tradingPlan: 'A+ only',
        emotionalState: { focus: 8, stress: 4 },
        lessonsLearned: ['wait'],
      });
      expect(entry).toMatchObject({
        date: '2026-11-20',
        type: 'daily',
        tradingPlan: 'A+ only',
        premarketAnalysis: null,
        lessonsLearned: ['wait'],
      });
      expect(entry.emotionalState).toEqual({ energy: null, focus: 8, stress: 4, confidence: null });
      expect(await client.journal.get(entry.id)).toEqual(entry);
      const updated = await client.journal.update(entry.id, {
        emotionalState: { stress: null, energy: 6 },
        lessonsLearned: ['size down'],
      });
      expect(updated.emotionalState).toEqual({ energy: 6, focus: 8, stress: null, confidence: null });
      expect(updated.lessonsLearned).toEqual(['size down']);
      const weekly = await client.journal.create({ date: '2026-11-16', type: 'weekly', postmarketReview: 'good week' });
      expect((await client.journal.list({ type: 'weekly' })).entries.map((e) => e.id)).toEqual([weekly.id]);
      const all = await client.journal.list({ dateFrom: '2026-11-16', dateTo: '2026-11-20', limit: 10 });
      expect(all.entries.map((e) => e.id)).toEqual([entry.id, weekly.id]);
      expect(all.pagination).toEqual({ page: 1, limit: 10, total: 2, pages: 1 });
      await expect(client.journal.create({ date: '2026-11-20' })).rejects.toMatchObject({ status: 409, code: 'conflict' });
      expect(await client.journal.delete(entry.id)).toBeUndefined();
      await expect(client.journal.get(entry.id)).rejects.toMatchObject({ status: 404, code: 'not_found' });
    });

    it('alerts: create, get, update, list, events after a trigger, delete', async () => {
      const { client } = await server().loggedIn();
      const alert = await client.alerts.create({ name: 'No stop', type: 'missingStopLoss' });
      expect(alert).toMatchObject({ name: 'No stop', type: 'missingStopLoss', threshold: 0, tz: 'UTC', active: true });
      expect(await client.alerts.get(alert.id)).toEqual(alert);
      const renamed = await client.alerts.update(alert.id, { name: 'Always use a stop', tz: 'Europe/London' });
      expect(renamed).toMatchObject({ name: 'Always use a stop', tz: 'Europe/London' });
      expect((await client.alerts.list()).alerts.map((a) => a.id)).toEqual([alert.id]);
      const trade = await client.trades.create({
        instrument: 'ES',
        direction: 'long',
        entryPrice: 5000,
        positionSize: 1,
        entryTime: '2026-11-20T14:30:00Z',
      });
      const { events, pagination } = await client.alerts.events(alert.id, { limit: 5 });
      expect(events.map((e) => [e.alertId, e.tradeId])).toEqual([[alert.id, trade.id]]);
      expect(pagination).toEqual({ page: 1, limit: 5, total: 1, pages: 1 });
      expect(await client.alerts.delete(alert.id)).toBeUndefined();
      expect((await client.alerts.list()).alerts).toEqual([]);
    });

    it("another user's record is a 404 not_found, never a 403", async () => {
      const ann = await server().loggedIn();
      const bob = await server().loggedIn();
      const entry = await ann.client.journal.create({ date: '2026-11-21' });
      await expect(bob.client.journal.get(entry.id)).rejects.toMatchObject({ status: 404, code: 'not_found' });
    });
  });
}
