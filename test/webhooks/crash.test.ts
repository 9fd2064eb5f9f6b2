import { createCore, type DeliveryRow, type Storage } from '@tj/core';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../support/databases.js';
import { api, inParallel, kill, sharedJwtSecret, signIn, startServerProcess } from './support/processes.js';
import { startReceiver } from './support/receiver.js';

const TRADES = 1000;

const tradeBody = (i: number) => ({
  instrument: `SYM${i % 7}`,
  direction: 'long',
  entryPrice: 100 + (i % 13),
  positionSize: 1,
  entryTime: '2026-11-20T14:30:00Z',
  notes: `burst ${i}`,
});

async function allDeliveries(storage: Storage, userId: string, webhookId: string): Promise<DeliveryRow[]> {
  const rows: DeliveryRow[] = [];
  for (let page = 1; ; page++) {
    const p = await storage.repos.outbox.listDeliveries(userId, webhookId, {}, { page, limit: 100 });
    rows.push(...p.rows);
    if (p.rows.length < 100) return rows;
  }
}

async function settled(storage: Storage, userId: string, webhookId: string, withinMs = 60_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while ((await storage.repos.outbox.listDeliveries(userId, webhookId, { status: 'pending' }, { page: 1, limit: 1 })).total > 0) {
    if (Date.now() > deadline) throw new Error('deliveries still pending');
    await new Promise((r) => setTimeout(r, 100));
  }
}

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`crash during delivery on ${db.name}`, () => {
    it('a server killed with SIGKILL mid-burst, then restarted, loses no trade.created event', async () => {
      const opened = await db.open();
      const receiver = await startReceiver(() => ({ status: 200, delayMs: 50 }));
      const jwtSecret = sharedJwtSecret();
      let server = await startServerProcess({ databaseUrl: opened.url, jwtSecret, leaseMs: 2000 });
      try {
        // Four traders (trades of one trader serialise on its counters row), each with a webhook.
        const traders = await Promise.all([0, 1, 2, 3].map(() => signIn(server.url)));
        const hooks: string[] = [];
        for (const t of traders) {
          const hook = await api(server.url, t.token, 'POST', '/api/webhooks', {
            url: `${receiver.url}/in`,
            events: ['trade.created'],
          });
          expect(hook.status).toBe(201);
          hooks.push(hook.body.id as string);
        }
        const create = (base: string, i: number) => api(base, traders[i % 4]?.token, 'POST', '/api/trades', tradeBody(i));

        // Phase 1: the burst; at 400 acknowledged creations the server is killed outright.
        let acknowledged = 0;
        let killing: Promise<void> | undefined;
        const unanswered: number[] = [];
        const first = server;
        await inParallel(TRADES, 16, async (i) => {
          try {
            if ((await create(first.url, i)).status === 201) acknowledged++;
            else unanswered.push(i);
          } catch {
            unanswered.push(i);
          }
          if (acknowledged >= 400) killing ??= kill(first, 'SIGKILL');
        });
        await killing;
        const atKill = (await Promise.all(traders.map((t, k) => allDeliveries(opened.storage, t.userId, hooks[k] ?? '')))).flat();
        expect(atKill.some((d) => d.status === 'pending' && d.leaseUntil !== null)).toBe(true);

        // Phase 2: restart on the same database and send the creations that got no answer.
        server = await startServerProcess({ databaseUrl: opened.url, jwtSecret, leaseMs: 2000 });
        const second = server;
        await inParallel(unanswered.length, 16, async (k) => {
          expect((await create(second.url, unanswered[k] ?? 0)).status).toBe(201);
        });

        const received = () =>
          receiver.received.map((r) => JSON.parse(r.body) as { id: string; event: string; data: { id: string } });
        let createdTrades = 0;
        for (const [k, t] of traders.entries()) {
          await settled(opened.storage, t.userId, hooks[k] ?? '');
          const trades = new Set<string>();
          for (let page = 1; ; page++) {
            const p = await opened.storage.repos.trades.list(t.userId, {}, { page, limit: 100 });
            for (const row of p.rows) trades.add(row.id);
            if (p.rows.length < 100) break;
          }
          createdTrades += trades.size;
          const deliveries = await allDeliveries(opened.storage, t.userId, hooks[k] ?? '');
          expect(deliveries).toHaveLength(trades.size);
          expect(deliveries.every((d) => d.status === 'succeeded')).toBe(true);
          const receivedEvents = new Set(received().map((p) => p.id));
          const receivedTrades = new Set(received().map((p) => p.data.id));
          expect(deliveries.filter((d) => !receivedEvents.has(d.eventId))).toEqual([]);
          expect([...trades].filter((id) => !receivedTrades.has(id))).toEqual([]);
        }
        expect(createdTrades).toBeGreaterThanOrEqual(TRADES);
        expect(received().every((p) => p.event === 'trade.created')).toBe(true);
      } finally {
        await kill(server, 'SIGTERM');
        await receiver.close();
        await opened.cleanup();
      }
    });
  });
}

const postgres = DATABASES.find((d) => d.name === 'postgres');
describe.skipIf(!postgres?.available)('two server processes on one PostgreSQL', () => {
  it('share the outbox: each of 1,000 events is delivered, none twice', async () => {
    const opened = await (postgres as NonNullable<typeof postgres>).open();
    const receiver = await startReceiver();
    const jwtSecret = sharedJwtSecret();
    const servers = await Promise.all(
      [0, 1].map(() => startServerProcess({ databaseUrl: opened.url, jwtSecret, leaseMs: 60_000 })),
    );
    try {
      const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
      const traders = await Promise.all([0, 1, 2, 3].map(() => signIn(a.url)));
      const hooks: string[] = [];
      for (const t of traders) {
        hooks.push(
          (await api(a.url, t.token, 'POST', '/api/webhooks', { url: `${receiver.url}/in`, events: ['trade.created'] })).body
            .id as string,
        );
      }
      // Half the events come through the two servers (each leases its own as it writes them), half
      // are written by a third party with no worker (both servers race to claim them).
      const bystander = createCore({ storage: opened.storage });
      await inParallel(TRADES, 16, async (i) => {
        const trader = traders[i % 4] as { userId: string; token: string };
        if (i % 2 === 1) {
          await bystander.trades.create(trader.userId, tradeBody(i));
          return;
        }
        const res = await api((i % 4 === 0 ? a : b).url, trader.token, 'POST', '/api/trades', tradeBody(i));
        expect(res.status).toBe(201);
      });
      for (const [k, t] of traders.entries()) await settled(opened.storage, t.userId, hooks[k] ?? '');
      const ids = receiver.received.map((r) => (JSON.parse(r.body) as { id: string }).id);
      expect(ids).toHaveLength(TRADES);
      expect(new Set(ids).size).toBe(TRADES);
      for (const [k, t] of traders.entries()) {
        const deliveries = await allDeliveries(opened.storage, t.userId, hooks[k] ?? '');
        expect(deliveries).toHaveLength(TRADES / 4);
        expect(deliveries.filter((d) => d.status !== 'succeeded' || d.attempts !== 1)).toEqual([]);
      }
    } finally {
      await Promise.all(servers.map((s) => kill(s, 'SIGTERM')));
      await receiver.close();
      await opened.cleanup();
    }
  });
});
