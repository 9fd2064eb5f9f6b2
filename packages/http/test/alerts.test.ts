import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { tradeBody } from './support/http.js';
import { useServerWithUser } from './support/server.js';

describe.each(DATABASES)('alerts on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    const { api } = useServerWithUser(db, 'alerter');

    it('CRUD: 201 with Location, list, get, patch, delete 204 then 404', async () => {
      const c = await api('POST', '/api/alerts', { name: 'No stop', type: 'missingStopLoss' });
      expect(c.status).toBe(201);
      expect(c.headers.get('location')).toBe(`/api/alerts/${c.body.id}`);
      expect(c.body).toMatchObject({ name: 'No stop', type: 'missingStopLoss', threshold: 0, tz: 'UTC', active: true });
      expect((await api('GET', '/api/alerts')).body.alerts.map((a: { id: string }) => a.id)).toContain(c.body.id);
      expect((await api('GET', `/api/alerts/${c.body.id}`)).body).toEqual(c.body);
      const p = await api('PATCH', `/api/alerts/${c.body.id}`, { active: false });
      expect(p.status).toBe(200);
      expect(p.body.active).toBe(false);
      expect((await api('DELETE', `/api/alerts/${c.body.id}`)).status).toBe(204);
      expect((await api('GET', `/api/alerts/${c.body.id}`)).status).toBe(404);
    });

    it('events list the triggers of a rule, newest first, paginated', async () => {
      const a = (await api('POST', '/api/alerts', { name: 'No stop', type: 'missingStopLoss' })).body;
      const { stopLoss: _s, ...noStop } = tradeBody();
      const t = (await api('POST', '/api/trades', noStop)).body;
      const r = await api('GET', `/api/alerts/${a.id}/events?limit=5`);
      expect(r.status).toBe(200);
      expect(r.body.events).toEqual([expect.objectContaining({ alertId: a.id, tradeId: t.id })]);
      expect(r.body.pagination).toEqual({ page: 1, limit: 5, total: 1, pages: 1 });
      expect((await api('GET', `/api/alerts/${a.id}/events?limit=0`)).status).toBe(400);
    });

    it('validation: unknown type, bad tz, changing the type are 400', async () => {
      expect((await api('POST', '/api/alerts', { name: 'x', type: 'moonPhase' })).status).toBe(400);
      expect(
        (await api('POST', '/api/alerts', { name: 'x', type: 'maxDrawdown', threshold: 100, tz: 'Nowhere/Land' })).status,
      ).toBe(400);
      const a = (await api('POST', '/api/alerts', { name: 'dd', type: 'maxDrawdown', threshold: 100 })).body;
      expect((await api('PATCH', `/api/alerts/${a.id}`, { type: 'riskPerTrade' })).status).toBe(400);
    });

    it('unknown ids are 404 on get, patch, delete and events', async () => {
      const id = '01900000-0000-7000-8000-000000000000';
      for (const [m, p] of [
        ['GET', ''],
        ['PATCH', ''],
        ['DELETE', ''],
        ['GET', '/events'],
      ] as const) {
        expect((await api(m, `/api/alerts/${id}${p}`, m === 'PATCH' ? { active: true } : undefined)).status).toBe(404);
      }
    });
  });
});
