import type { AttemptRecord } from '@tj/core';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { deliveriesOf, newUserId, tradeBody, useWebhookStorage } from './support.js';

/**
 * A record is one unit of work: on SQLite it runs from BEGIN to COMMIT at once on the connection
 * when that is free, else it waits its turn in a transaction like any other write.
 */
for (const db of DATABASES) {
  describe.skipIf(!db.available)(`recording an attempt as one unit of work on ${db.name}`, () => {
    const h = useWebhookStorage(db);

    /** One claimed delivery of a fresh user and webhook, and a successful attempt of it. */
    async function claimedAttempt() {
      const { core, clock } = h.core();
      const user = newUserId(core);
      const hook = await core.webhooks.create(user, { url: 'http://127.0.0.1:9/in', events: ['trade.created'] });
      await core.trades.create(user, tradeBody());
      const [job] = await core.webhooks.delivery.claim(10, 30_000);
      if (job === undefined) throw new Error('nothing was claimed');
      const d = job.delivery;
      const attempt: AttemptRecord = {
        userId: user,
        id: d.id,
        leaseUntil: d.leaseUntil ?? 0,
        at: clock.now(),
        status: 'succeeded',
        nextAttemptAt: null,
        responseStatus: 200,
        durationMs: 4,
        error: null,
        responseBody: 'ok',
        clearsFailingOf: hook.id,
      };
      return { core, user, hook, delivery: d, attempt };
    }

    it('changes nothing when the attempt cannot be logged: the delivery stays leased and unrecorded', async () => {
      const storage = h.storage();
      const { user, delivery, attempt } = await claimedAttempt();
      // The log already holds attempt 1 of this delivery, so logging the record's attempt 1 collides.
      await storage.repos.outbox.insertAttempts([
        {
          userId: user,
          deliveryId: delivery.id,
          number: 1,
          at: 1,
          responseStatus: 500,
          durationMs: 1,
          error: 'x',
          responseBody: null,
        },
      ]);
      await expect(storage.repos.outbox.recordAttempts([attempt])).rejects.toMatchObject({ code: 'conflict' });
      expect(await storage.repos.outbox.getDelivery(user, delivery.id)).toMatchObject({
        status: 'pending',
        attempts: 0,
        responseStatus: null,
        leaseUntil: delivery.leaseUntil,
      });
      const log = await storage.repos.outbox.listAttempts(user, [delivery.id]);
      expect(log.map((a) => [a.number, a.responseStatus])).toEqual([[1, 500]]);
    });

    it('waits for a transaction already open on the connection, then lands in full', async () => {
      const storage = h.storage();
      const { core, user, hook, attempt } = await claimedAttempt();
      const other = await core.webhooks.create(user, { url: 'http://127.0.0.1:9/other', events: ['trade.closed'] });
      let release: () => void = () => {};
      const gate = new Promise<void>((r) => {
        release = r;
      });
      let entered: () => void = () => {};
      const inside = new Promise<void>((r) => {
        entered = r;
      });
      const since = attempt.at - 1000;
      const open = storage.transaction(async (tx) => {
        await tx.webhooks.recordFailure(user, other.id, since);
        entered();
        await gate;
      });
      await inside;
      const recorded = storage.repos.outbox.recordAttempts([attempt]);
      await new Promise((r) => setTimeout(r, 30));
      release();
      await open;
      expect(await recorded).toEqual([true]);
      const [row] = await deliveriesOf(core, user, hook.id);
      expect(row).toMatchObject({ status: 'succeeded', attempts: 1, responseStatus: 200 });
      expect((await storage.repos.outbox.listAttempts(user, [attempt.id])).map((a) => a.responseStatus)).toEqual([200]);
      // The transaction that was open landed too: the other webhook has been failing since then.
      expect(await storage.repos.webhooks.recordFailure(user, other.id, attempt.at + 1)).toBe(since);
    });
  });
}
