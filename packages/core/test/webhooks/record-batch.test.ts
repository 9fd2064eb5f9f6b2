import { createDeliveryWorker } from '@tj/core';
import { createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { type Receiver, startReceiver } from '../../../../test/webhooks/support/receiver.js';
import { deliveriesOf, newUserId, rawPgClient, tradeBody, useWebhookStorage } from './support.js';

/**
 * Blocks every write to the delivery log from a second connection until `release()`: an EXCLUSIVE
 * lock on `delivery_attempts`, so reads and claims go on (PostgreSQL only: SQLite's one writer
 * would block the claims too, and a waiting better-sqlite3 call blocks its whole process).
 */
async function blockDeliveryLog(url: string): Promise<{ release(): Promise<void> }> {
  const client = await rawPgClient(url);
  await client.query('BEGIN');
  await client.query('LOCK TABLE delivery_attempts IN EXCLUSIVE MODE');
  return {
    release: async () => {
      await client.query('COMMIT');
      await client.end();
    },
  };
}

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`recording attempts in batches on ${db.name}`, () => {
    const h = useWebhookStorage(db);
    let receiver: Receiver | undefined;
    afterEach(async () => {
      await receiver?.close();
      receiver = undefined;
    });

    it('records a mixed batch at once: successes end the failing streak, a lost lease lands nothing', async () => {
      const { core, clock } = h.core();
      const storage = h.storage();
      const user = newUserId(core);
      const failing = await core.webhooks.create(user, { url: 'http://127.0.0.1:9/a', events: ['trade.created'] });
      const healthy = await core.webhooks.create(user, { url: 'http://127.0.0.1:9/b', events: ['trade.created'] });
      await core.trades.create(user, tradeBody({ notes: 'one' }));
      await core.trades.create(user, tradeBody({ notes: 'two' }));
      const since = clock.now() - 60_000;
      expect(await storage.repos.webhooks.recordFailure(user, failing.id, since)).toBe(since);
      const jobs = await core.webhooks.delivery.claim(10, 30_000);
      expect(jobs).toHaveLength(4);
      const at = clock.now();
      const [a, b, c, d] = jobs.map((j) => j.delivery);
      const base = { userId: user, at, responseStatus: 200, durationMs: 3, error: null, responseBody: 'ok' };
      const results = await storage.repos.outbox.recordAttempts([
        {
          ...base,
          id: a?.id ?? '',
          leaseUntil: a?.leaseUntil ?? 0,
          status: 'succeeded',
          nextAttemptAt: null,
          clearsFailingOf: a?.webhookId,
        },
        {
          ...base,
          id: b?.id ?? '',
          leaseUntil: b?.leaseUntil ?? 0,
          status: 'pending',
          nextAttemptAt: at + 5000,
          responseStatus: 503,
          error: 'HTTP 503',
          responseBody: null,
        },
        {
          ...base,
          id: c?.id ?? '',
          leaseUntil: (c?.leaseUntil ?? 0) - 1,
          status: 'succeeded',
          nextAttemptAt: null,
          clearsFailingOf: c?.webhookId,
        },
        {
          ...base,
          id: d?.id ?? '',
          leaseUntil: d?.leaseUntil ?? 0,
          status: 'failed',
          nextAttemptAt: null,
          error: 'gone',
          responseStatus: 410,
        },
      ]);
      expect(results).toEqual([true, true, false, true]);
      const rows = new Map(
        [...(await deliveriesOf(core, user, failing.id)), ...(await deliveriesOf(core, user, healthy.id))].map((r) => [r.id, r]),
      );
      expect(rows.get(a?.id ?? '')).toMatchObject({ status: 'succeeded', attempts: 1, responseStatus: 200 });
      expect(rows.get(b?.id ?? '')).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 503, error: 'HTTP 503' });
      expect(rows.get(c?.id ?? '')).toMatchObject({ status: 'pending', attempts: 0 });
      expect(rows.get(d?.id ?? '')).toMatchObject({ status: 'failed', attempts: 1, responseStatus: 410 });
      const logs = await storage.repos.outbox.listAttempts(
        user,
        jobs.map((j) => j.delivery.id),
      );
      expect(logs.map((l) => [l.deliveryId, l.number, l.responseStatus, l.responseBody]).sort()).toEqual(
        [
          [a?.id, 1, 200, 'ok'],
          [b?.id, 1, 503, null],
          [d?.id, 1, 410, 'ok'],
        ].sort(),
      );
      // The webhook of `a` is no longer failing (a new failure starts a new streak); the success of `c` landed nothing.
      const cleared = a?.webhookId ?? '';
      expect(await storage.repos.webhooks.recordFailure(user, cleared, at + 1)).toBe(at + 1);
      if (c?.webhookId !== cleared)
        expect(await storage.repos.webhooks.recordFailure(user, c?.webhookId ?? '', at + 2)).toBe(at + 2);
    });

    it.skipIf(db.name === 'sqlite')(
      'frees a slot when its send returns: while records wait, later deliveries go out, and stop waits for every record',
      async () => {
        receiver = await startReceiver();
        const { core } = h.core({ realClock: true });
        const user = newUserId(core);
        const hook = await core.webhooks.create(user, { url: `${receiver.url}/in`, events: ['trade.created'] });
        for (let i = 0; i < 2; i++) await core.trades.create(user, tradeBody({ notes: `n${i}` }));
        const blocked = await blockDeliveryLog(h.url());
        const worker = createDeliveryWorker(core, { pollMs: 20, concurrency: 1 });
        worker.start();
        // One slot, yet both deliveries are sent while the first one's record cannot land.
        await receiver.waitFor(2);
        expect((await deliveriesOf(core, user, hook.id)).map((r) => r.attempts)).toEqual([0, 0]);
        const stopped = worker.stop();
        await new Promise((r) => setTimeout(r, 100));
        await blocked.release();
        await stopped;
        const rows = await deliveriesOf(core, user, hook.id);
        expect(rows.map((r) => [r.status, r.attempts])).toEqual([
          ['succeeded', 1],
          ['succeeded', 1],
        ]);
        expect(receiver.received).toHaveLength(2);
      },
    );

    it('sends no more at once than its concurrency, and each delivery exactly once', async () => {
      let open = 0;
      let most = 0;
      const seen: string[] = [];
      const server = createServer((req, res) => {
        open++;
        most = Math.max(most, open);
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          seen.push(JSON.parse(Buffer.concat(chunks).toString('utf8')).data.id);
          setTimeout(() => {
            open--;
            res.writeHead(200).end();
          }, 5);
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      try {
        const { core } = h.core({ realClock: true });
        const user = newUserId(core);
        const port = (server.address() as { port: number }).port;
        const hook = await core.webhooks.create(user, { url: `http://127.0.0.1:${port}/in`, events: ['trade.created'] });
        const ids: string[] = [];
        for (let i = 0; i < 30; i++) ids.push((await core.trades.create(user, tradeBody({ notes: `c${i}` }))).id);
        const worker = createDeliveryWorker(core, { pollMs: 20, concurrency: 3 });
        worker.start();
        for (let waited = 0; seen.length < 30 && waited < 20_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
        await worker.stop();
        expect(most).toBeLessThanOrEqual(3);
        expect(most).toBeGreaterThan(1);
        expect([...seen].sort()).toEqual([...ids].sort());
        expect((await deliveriesOf(core, user, hook.id)).every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
      } finally {
        await new Promise((r) => server.close(r));
      }
    });
  });
}
