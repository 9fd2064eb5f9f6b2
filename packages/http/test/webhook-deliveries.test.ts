import { createHmac, randomBytes } from 'node:crypto';
import { createDeliveryWorker, type DeliveryWorker } from '@tj/core';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { type Receiver, type Reply, startReceiver } from '../../../test/webhooks/support/receiver.js';
import { call, tradeBody } from './support/http.js';
import { signUp, startTestServer, type TestServer, type TestUser } from './support/server.js';

/** Waits until `check` holds (15 s at most), looking every 20 ms. */
async function until<T>(check: () => Promise<T | undefined>): Promise<T> {
  for (let waited = 0; ; waited += 20) {
    const value = await check();
    if (value !== undefined) return value;
    if (waited > 15_000) throw new Error('the condition never held');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(DATABASES)('webhook deliveries with a running worker on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    let srv: TestServer;
    let worker: DeliveryWorker;
    let u: TestUser;
    let receiver: Receiver | undefined;
    beforeAll(async () => {
      // Retries 50 ms apart, so a delivery that fails twice is sent a third time at once.
      srv = await startTestServer(db, { webhookRetrySchedule: [0, 0.05, 0.05] });
      worker = createDeliveryWorker(srv.app.core, { pollMs: 20 });
      worker.start();
      u = await signUp(srv.url, 'deliveries');
    });
    afterAll(async () => {
      await worker?.stop();
      await srv?.close();
    });
    afterEach(async () => {
      await receiver?.close();
      receiver = undefined;
    });
    const api = (method: string, path: string, json?: unknown) => call(srv.url, method, path, { headers: u.auth, json });

    async function hookTo(replies: Reply[], secret?: string) {
      receiver = await startReceiver((_r, i) => replies[i] ?? { status: 200 });
      const created = await api('POST', '/api/webhooks', {
        url: `${receiver.url}/in`,
        events: ['trade.created'],
        ...(secret && { secret }),
      });
      expect(created.status).toBe(201);
      return created.body as { id: string; secret: string };
    }

    it('lists the three attempts of a delivery that failed twice with 500, then succeeded', async () => {
      const hook = await hookTo([
        { status: 500, body: 'first failure' },
        { status: 500, body: 'second failure' },
        { status: 200, body: 'thanks' },
      ]);
      expect((await api('POST', '/api/trades', tradeBody())).status).toBe(201);
      const delivery = await until(async () => {
        const r = await api('GET', `/api/webhooks/${hook.id}/deliveries`);
        return r.body.deliveries.find((d: { status: string }) => d.status === 'succeeded');
      });
      expect(delivery).toMatchObject({
        event: 'trade.created',
        status: 'succeeded',
        attempts: 3,
        responseStatus: 200,
        error: null,
      });
      expect(delivery.attemptLog).toEqual([
        {
          number: 1,
          at: expect.any(String),
          responseStatus: 500,
          durationMs: expect.any(Number),
          error: 'answered 500',
          responseBody: 'first failure',
        },
        {
          number: 2,
          at: expect.any(String),
          responseStatus: 500,
          durationMs: expect.any(Number),
          error: 'answered 500',
          responseBody: 'second failure',
        },
        {
          number: 3,
          at: expect.any(String),
          responseStatus: 200,
          durationMs: expect.any(Number),
          error: null,
          responseBody: 'thanks',
        },
      ]);
      const times = delivery.attemptLog.map((a: { at: string }) => Date.parse(a.at));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(receiver?.received).toHaveLength(3);
    });

    it('delivers with a service-made whsec_ secret that the standardwebhooks package verifies as returned', async () => {
      const hook = await hookTo([]);
      expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      await api('POST', '/api/trades', tradeBody({ notes: 'standard' }));
      await receiver?.waitFor(1);
      const got = receiver?.received[0];
      const headers = got?.headers as Record<string, string>;
      const payload = new Webhook(hook.secret).verify(got?.body ?? '', headers) as { id: string; event: string };
      expect(payload).toMatchObject({ id: headers['webhook-id'], event: 'trade.created' });
      expect(() => new Webhook(`whsec_${randomBytes(32).toString('base64')}`).verify(got?.body ?? '', headers)).toThrow();
      // X-Webhook-Signature uses the same key: the secret's decoded bytes.
      const key = Buffer.from(hook.secret.slice('whsec_'.length), 'base64');
      expect(headers['x-webhook-signature']).toBe(
        createHmac('sha256', key)
          .update(got?.body ?? '')
          .digest('hex'),
      );
    });

    it("signs with a user's own whsec_ secret's decoded bytes, and a plain secret as before", async () => {
      const own = `whsec_${randomBytes(24).toString('base64')}`;
      const hook = await hookTo([], own);
      expect(hook.secret).toBe(own);
      await api('POST', '/api/trades', tradeBody({ notes: 'own secret' }));
      await receiver?.waitFor(1);
      const first = receiver?.received[0];
      expect(new Webhook(own).verify(first?.body ?? '', first?.headers as Record<string, string>)).toMatchObject({
        event: 'trade.created',
      });
      await receiver?.close();

      const plain = randomBytes(32).toString('hex');
      const old = await hookTo([], plain);
      await api('DELETE', `/api/webhooks/${hook.id}`);
      await api('POST', '/api/trades', tradeBody({ notes: 'plain secret' }));
      await receiver?.waitFor(1);
      const second = receiver?.received[0];
      expect(old.secret).toBe(plain);
      expect(second?.headers['x-webhook-signature']).toBe(
        createHmac('sha256', plain)
          .update(second?.body ?? '')
          .digest('hex'),
      );
      const standard = new Webhook(`whsec_${Buffer.from(plain).toString('base64')}`);
      expect(standard.verify(second?.body ?? '', second?.headers as Record<string, string>)).toMatchObject({
        event: 'trade.created',
      });
    });

    it('refuses a whsec_ secret that is not base64 of 24 to 64 bytes with 400 naming secret, and stores nothing', async () => {
      const before = (await api('GET', '/api/webhooks')).body.webhooks.length;
      for (const secret of ['whsec_this is not base64 at all', `whsec_${randomBytes(16).toString('base64')}`]) {
        const r = await api('POST', '/api/webhooks', { url: 'http://127.0.0.1:9/in', events: ['*'], secret });
        expect(r.status).toBe(400);
        expect(r.body.errors).toEqual([expect.objectContaining({ path: 'secret', message: expect.stringMatching(/whsec_/) })]);
      }
      expect((await api('GET', '/api/webhooks')).body.webhooks).toHaveLength(before);
    });
  });
});
