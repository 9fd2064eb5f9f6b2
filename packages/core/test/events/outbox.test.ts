import { coreDeps } from '@tj/core/internal';
import { emitEvent } from '@tj/core/internal';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { newUser, tradeBody, useCore } from '../support/core.js';

async function subscribe(h: ReturnType<typeof useCore>, userId: string, events: string[]): Promise<string> {
  const id = coreDeps(h.core()).ids.next();
  const now = h.clock.now();
  await h.storage().repos.webhooks.insert({
    userId,
    id,
    url: 'https://hooks.example.com/in',
    events,
    secret: 's'.repeat(32),
    active: true,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

async function pending(h: ReturnType<typeof useCore>, userId: string, webhookId: string) {
  const page = await h.storage().repos.outbox.listDeliveries(userId, webhookId, {}, { page: 1, limit: 100 });
  return page.rows.map((d) => d.eventType).sort();
}

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`outbox on ${db.name}`, () => {
    const h = useCore(db);

    it('writes trade.created and trade.closed for a trade created closed, and trade.updated for a change', async () => {
      const user = await newUser(h.core());
      const hook = await subscribe(h, user, ['*']);
      const t = await h.core().trades.create(user, tradeBody({ exitPrice: 101, exitTime: '2026-11-20T15:00:00Z' }));
      expect(await pending(h, user, hook)).toEqual(['trade.closed', 'trade.created']);
      await h.core().trades.update(user, t.id, { notes: 'same' });
      await h.core().trades.update(user, t.id, { notes: 'same' });
      expect(await pending(h, user, hook)).toEqual(['trade.closed', 'trade.created', 'trade.updated']);
    });

    it('emits trade.closed again when a reopened trade is closed again', async () => {
      const user = await newUser(h.core());
      const hook = await subscribe(h, user, ['trade.closed']);
      const t = await h.core().trades.create(user, tradeBody());
      h.clock.set('2026-11-20T18:00:00.000Z');
      await h.core().trades.update(user, t.id, { exitPrice: 101 });
      await h.core().trades.update(user, t.id, { exitPrice: null });
      await h.core().trades.update(user, t.id, { exitPrice: 102 });
      expect(await pending(h, user, hook)).toEqual(['trade.closed', 'trade.closed']);
    });

    it('stores the exact signed payload with the event id, name, timestamp and data', async () => {
      const user = await newUser(h.core());
      await subscribe(h, user, ['journal.created']);
      const entry = await h.core().journal.create(user, { date: '2026-11-20' });
      const jobs = await h.storage().repos.outbox.claimDue(h.clock.now(), 30_000, 100);
      const job = jobs.find((j) => j.delivery.userId === user);
      const payload = JSON.parse(job?.payload ?? '{}');
      expect(payload).toEqual({
        id: job?.delivery.eventId,
        event: 'journal.created',
        timestamp: new Date(h.clock.now()).toISOString(),
        data: entry,
      });
    });

    it('writes no event when the transaction that caused it fails', async () => {
      const user = await newUser(h.core());
      const hook = await subscribe(h, user, ['*']);
      await expect(
        h.storage().transaction(async (tx) => {
          await emitEvent(tx, coreDeps(h.core()), user, 'trade.created', { n: 1 });
          throw new Error('boom after the event');
        }),
      ).rejects.toThrow('boom');
      expect(await pending(h, user, hook)).toEqual([]);
    });

    it('does not deliver to inactive webhooks or to webhooks of other events', async () => {
      const user = await newUser(h.core());
      const journalOnly = await subscribe(h, user, ['journal.created']);
      const off = await subscribe(h, user, ['*']);
      await h.storage().repos.webhooks.setActive(user, off, false, h.clock.now());
      await h.core().trades.create(user, tradeBody());
      expect(await pending(h, user, journalOnly)).toEqual([]);
      expect(await pending(h, user, off)).toEqual([]);
    });
  });
}
