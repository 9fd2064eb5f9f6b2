import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { useServerWithUser } from './support/server.js';

describe.each(DATABASES)('journal on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    const { api } = useServerWithUser(db, 'writer');

    it('POST creates (201, Location), GET reads, PATCH merges emotionalState, DELETE 204', async () => {
      const c = await api('POST', '/api/journal', {
        date: '2026-02-02',
        tradingPlan: 'A+ only',
        emotionalState: { focus: 7, stress: 3 },
      });
      expect(c.status).toBe(201);
      expect(c.headers.get('location')).toBe(`/api/journal/${c.body.id}`);
      expect(c.body).toMatchObject({ date: '2026-02-02', type: 'daily', tradingPlan: 'A+ only', lessonsLearned: [] });
      expect((await api('GET', `/api/journal/${c.body.id}`)).body).toEqual(c.body);
      const p = await api('PATCH', `/api/journal/${c.body.id}`, { emotionalState: { energy: 9 }, lessonsLearned: ['wait'] });
      expect(p.status).toBe(200);
      expect(p.body.emotionalState).toEqual({ energy: 9, focus: 7, stress: 3, confidence: null });
      expect(p.body.lessonsLearned).toEqual(['wait']);
      expect((await api('DELETE', `/api/journal/${c.body.id}`)).status).toBe(204);
      expect((await api('GET', `/api/journal/${c.body.id}`)).status).toBe(404);
    });

    it('a second entry for the same date and type is 409 conflict; another type is fine', async () => {
      expect((await api('POST', '/api/journal', { date: '2026-02-03' })).status).toBe(201);
      const dup = await api('POST', '/api/journal', { date: '2026-02-03' });
      expect(dup.status).toBe(409);
      expect(dup.body).toMatchObject({ code: 'conflict', title: 'Conflict' });
      expect((await api('POST', '/api/journal', { date: '2026-02-03', type: 'weekly' })).status).toBe(201);
    });

    it('a PATCH onto an existing date is 409', async () => {
      const a = (await api('POST', '/api/journal', { date: '2026-02-10' })).body;
      await api('POST', '/api/journal', { date: '2026-02-11' });
      expect((await api('PATCH', `/api/journal/${a.id}`, { date: '2026-02-11' })).status).toBe(409);
    });

    it('validation: bad date, score out of range, unknown field are 400', async () => {
      expect((await api('POST', '/api/journal', { date: '2026-13-01' })).status).toBe(400);
      expect((await api('POST', '/api/journal', { date: '2026-02-04', emotionalState: { focus: 11 } })).status).toBe(400);
      const r = await api('POST', '/api/journal', { date: '2026-02-04', mood: 'ok' });
      expect(r.status).toBe(400);
      expect(r.body.errors[0].path).toBe('mood');
    });

    it('lists newest date first with filters and pagination', async () => {
      const r = await api('GET', '/api/journal?dateFrom=2026-02-03&dateTo=2026-02-11&type=daily&limit=2');
      expect(r.status).toBe(200);
      expect(r.body.entries.map((e: { date: string }) => e.date)).toEqual(['2026-02-11', '2026-02-10']);
      expect(r.body.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
      expect((await api('GET', '/api/journal?type=yearly')).status).toBe(400);
      expect((await api('GET', '/api/journal?limit=101')).status).toBe(400);
    });
  });
});
