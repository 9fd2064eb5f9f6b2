import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { alertsAfterBars, coreDeps, storeBars } from '@tj/core/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { useServerWithUser } from './support/server.js';

/** A local receiver that records the bodies it is sent and answers 200. */
async function receiver() {
  const bodies: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      bodies.push(body);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, bodies, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.each(DATABASES)('prop-firm alerts over HTTP on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    const s = useServerWithUser(db, 'funded');
    let hook: Awaited<ReturnType<typeof receiver>>;
    beforeAll(async () => {
      hook = await receiver();
    });
    afterAll(() => hook?.close());

    it('a trailing drawdown breached by a bar between closes sends alert.triggered naming the bar and its price', async () => {
      const { api } = s;
      const created = await api('POST', '/api/alerts', {
        name: 'Funded 50K',
        type: 'trailingDrawdown',
        threshold: 2000,
        startingBalance: 50_000,
        stopTrailingAtStart: true,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        startingBalance: 50_000,
        trailing: 'intraday',
        stopTrailingAtStart: true,
        countOpen: false,
      });
      expect((await api('POST', '/api/webhooks', { url: hook.url, events: ['alert.triggered'] })).status).toBe(201);
      const trade = (
        await api('POST', '/api/trades', {
          instrument: 'ES',
          direction: 'long',
          entryPrice: 5000,
          positionSize: 1,
          multiplier: 50,
          entryTime: '2026-11-02T14:30:00Z',
        })
      ).body;
      // Bars stored through core (as an import or a fetch stores them), with the alert rules' after-bars step.
      // 14:31: low 4990 → 50,000 − 10×50 = 49,500 > 48,000; high 5030 → 51,500, threshold min(49,500, 50,000).
      // 14:32: low 4989 → 50,000 − 11×50 = 49,450 ≤ 49,500: breached at 14:32, at 4989.
      const core = s.srv.app.core;
      const deps = coreDeps(core);
      const bar = (hhmm: string, o: number, hi: number, lo: number, c: number) => ({
        time: Date.parse(`2026-11-02T${hhmm}:00Z`),
        open: o,
        high: hi,
        low: lo,
        close: c,
        volume: null,
      });
      const bars = [bar('14:31', 5000, 5030, 4990, 5020), bar('14:32', 5020, 5021, 4989, 4995)];
      const range = { from: Date.parse('2026-11-02T14:31:00Z'), to: Date.parse('2026-11-02T14:33:00Z'), source: 'test' };
      await deps.storage.transaction((tx) =>
        storeBars(tx, s.user.id, { instrumentKey: 'ES', timeframe: 60, bars, range }, [alertsAfterBars(deps)]),
      );
      for (const job of await core.webhooks.delivery.claim(10, 30_000)) await core.webhooks.delivery.deliver(job, false);
      expect(hook.bodies.map((b) => JSON.parse(b))).toEqual([
        {
          id: expect.any(String),
          event: 'alert.triggered',
          timestamp: expect.any(String),
          data: {
            alertId: created.body.id,
            name: 'Funded 50K',
            type: 'trailingDrawdown',
            threshold: 2000,
            value: 49_450,
            tradeId: trade.id,
            triggeredAt: expect.any(String),
            breach: { time: '2026-11-02T14:32:00.000Z', price: 4989, instrument: 'ES' },
          },
        },
      ]);
      const events = await api('GET', `/api/alerts/${created.body.id}/events`);
      expect(events.body.events).toEqual([expect.objectContaining({ value: 49_450, tradeId: trade.id })]);
    });

    it('an option of another rule type is a 400 naming the field, and nothing is created', async () => {
      const { api } = s;
      const before = (await api('GET', '/api/alerts')).body.alerts.length;
      const r = await api('POST', '/api/alerts', { name: 'x', type: 'maxDrawdown', threshold: 500, trailing: 'endOfDay' });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'validation_failed', errors: [{ path: 'trailing' }] });
      expect((await api('GET', '/api/alerts')).body.alerts).toHaveLength(before);
    });
  });
});
