import { createDeliveryWorker } from '@tj/core';
import Sqlite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { type Receiver, startReceiver } from '../../../../test/webhooks/support/receiver.js';
import { deliveriesOf, newUserId, rawPgClient, tradeBody, useWebhookStorage } from './support.js';

/** Deletes an event row behind the core's back, as a hand-run cleanup would (real SQL, no port). */
async function deleteEventRow(url: string, userId: string, eventId: string): Promise<void> {
  if (url.startsWith('sqlite:')) {
    const file = new Sqlite(url.slice('sqlite:'.length));
    file.prepare('DELETE FROM events WHERE user_id = ? AND id = ?').run(userId, eventId);
    file.close();
    return;
  }
  const client = await rawPgClient(url);
  try {
    await client.query('DELETE FROM events WHERE user_id = $1 AND id = $2', [userId, eventId]);
  } finally {
    await client.end();
  }
}

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`claiming and recording deliveries on ${db.name}`, () => {
    const h = useWebhookStorage(db);
    let receiver: Receiver | undefined;
    afterEach(async () => {
      await receiver?.close();
      receiver = undefined;
    });

    it('fails, unsent, a claimed delivery whose event is gone, and sends the others of the same claim', async () => {
      receiver = await startReceiver();
      const { core } = h.core();
      const user = newUserId(core);
      const hook = await core.webhooks.create(user, { url: `${receiver.url}/in`, events: ['trade.created'] });
      const kept = await core.trades.create(user, tradeBody({ notes: 'kept' }));
      await core.trades.create(user, tradeBody({ notes: 'its event goes' }));
      const [first, second] = await deliveriesOf(core, user, hook.id);
      expect(first && second).toBeTruthy();
      await deleteEventRow(h.url(), user, second?.eventId ?? '');
      expect(await createDeliveryWorker(core).runOnce()).toBe(1);
      expect(receiver.received.map((r) => JSON.parse(r.body).data.id)).toEqual([kept.id]);
      expect((await deliveriesOf(core, user, hook.id)).map((d) => [d.id, d.status, d.attempts, d.error])).toEqual([
        [first?.id, 'succeeded', 1, null],
        [second?.id, 'failed', 0, 'the webhook or the event no longer exists'],
      ]);
    });

    it('stop returns only when the outcome of every attempt sent is recorded', async () => {
      receiver = await startReceiver();
      const { core } = h.core({ realClock: true });
      const user = newUserId(core);
      const hook = await core.webhooks.create(user, { url: `${receiver.url}/in`, events: ['trade.created'] });
      for (let i = 0; i < 40; i++) await core.trades.create(user, tradeBody({ notes: `n${i}` }));
      const worker = createDeliveryWorker(core, { pollMs: 20, concurrency: 2 });
      worker.start();
      await receiver.waitFor(40);
      await worker.stop();
      const rows = await deliveriesOf(core, user, hook.id);
      expect(rows).toHaveLength(40);
      expect(rows.filter((d) => d.status === 'succeeded' && d.attempts === 1)).toHaveLength(40);
      expect(receiver.received).toHaveLength(40);
    });
  });
}
