import { coreDeps } from '@tj/core/internal';
import { createCore, createDeliveryWorker, tradeCreateSchema } from '@tj/core';
import { insertTrade, newTradeRow } from '@tj/core/internal';
import { createWebhookSender } from '@tj/http';
import { openStorage } from '@tj/core/storage';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { type Receiver, startReceiver } from '../../../../test/webhooks/support/receiver.js';
import { deliveriesOf, newUserId, tradeBody, useWebhookStorage } from './support.js';

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`delivery worker on ${db.name}`, () => {
    const h = useWebhookStorage(db);
    let receiver: Receiver | undefined;
    afterEach(async () => {
      await receiver?.close();
      receiver = undefined;
    });

    it('sends as soon as the change commits and retries on a shortened schedule without waiting for a poll', async () => {
      receiver = await startReceiver((_r, i) => (i < 2 ? { status: 503 } : { status: 200 }));
      const { core } = h.core({ realClock: true, retrySchedule: [0, 0.05, 0.1] });
      const user = newUserId(core);
      const hook = await core.webhooks.create(user, { url: `${receiver.url}/in`, events: ['trade.created'] });
      const worker = createDeliveryWorker(core, { pollMs: 60_000 });
      worker.start();
      try {
        await core.trades.create(user, tradeBody());
        await receiver.waitFor(3);
      } finally {
        await worker.stop();
      }
      const ids = receiver.received.map((r) => JSON.parse(r.body).id);
      expect(new Set(ids).size).toBe(1);
      expect(await deliveriesOf(core, user, hook.id)).toMatchObject([{ status: 'succeeded', attempts: 3, responseStatus: 200 }]);
    });

    it('sends nothing of a rolled-back transaction, and the next commit goes out at once', async () => {
      receiver = await startReceiver();
      const { core } = h.core({ realClock: true });
      const user = newUserId(core);
      await core.webhooks.create(user, { url: `${receiver.url}/in`, events: ['trade.created'] });
      const worker = createDeliveryWorker(core, { pollMs: 60_000, concurrency: 1 });
      worker.start();
      try {
        const row = newTradeRow(coreDeps(core), user, tradeCreateSchema.parse(tradeBody({ notes: 'rolled back' })));
        await expect(
          coreDeps(core).storage.transaction(async (tx) => {
            await insertTrade(tx, coreDeps(core), row);
            throw new Error('rollback after the event was written');
          }),
        ).rejects.toThrow('rollback');
        const kept = await core.trades.create(user, tradeBody({ notes: 'kept' }));
        await receiver.waitFor(1);
        expect(receiver.received.map((r) => JSON.parse(r.body).data.id)).toEqual([kept.id]);
      } finally {
        await worker.stop();
      }
    });

    it('stop waits for the attempts in flight and records them', async () => {
      receiver = await startReceiver(() => ({ status: 200, delayMs: 150 }));
      const { core } = h.core({ realClock: true });
      const user = newUserId(core);
      const hook = await core.webhooks.create(user, { url: `${receiver.url}/in`, events: ['trade.created'] });
      const worker = createDeliveryWorker(core, { pollMs: 60_000 });
      worker.start();
      await core.trades.create(user, tradeBody());
      await receiver.waitFor(1);
      await worker.stop();
      expect(await deliveriesOf(core, user, hook.id)).toMatchObject([{ status: 'succeeded', attempts: 1 }]);
    });

    it('two workers on one database send each of 300 deliveries exactly once', async () => {
      receiver = await startReceiver();
      const a = h.core({ realClock: true });
      const second = await openStorage(h.url());
      const senderB = createWebhookSender({ allowPrivateTargets: true });
      const b = createCore({ storage: second, webhooks: { allowPrivateTargets: true, sender: senderB } });
      const user = newUserId(a.core);
      await a.core.webhooks.create(user, { url: `${receiver.url}/in`, events: ['trade.created'] });
      const workers = [
        createDeliveryWorker(a.core, { pollMs: 20, concurrency: 8 }),
        createDeliveryWorker(b, { pollMs: 20, concurrency: 8 }),
      ];
      for (const w of workers) w.start();
      try {
        const created: string[] = [];
        for (let i = 0; i < 300; i++) created.push((await a.core.trades.create(user, tradeBody({ notes: `n${i}` }))).id);
        await receiver.waitFor(300);
        for (const w of workers) await w.stop();
        const received = receiver.received.map((r) => JSON.parse(r.body));
        expect(received).toHaveLength(300);
        expect(new Set(received.map((p) => p.id)).size).toBe(300);
        expect(new Set(received.map((p) => p.data.id))).toEqual(new Set(created));
      } finally {
        for (const w of workers) await w.stop();
        await senderB.close();
        await second.close();
      }
    });
  });
}
