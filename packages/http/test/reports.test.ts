import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { call, tradeBody } from './support/http.js';
import { useServerWithUser } from './support/server.js';

describe.each(DATABASES)('the summary report over HTTP on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    const s = useServerWithUser(db, 'reporter');
    beforeAll(async () => {
      await s.api('POST', '/api/trades', tradeBody({ exitPrice: 5020, exitTime: '2026-01-05T15:00:00Z' }));
      await s.api('POST', '/api/trades', tradeBody({ instrument: 'NQ', exitPrice: 4995, exitTime: '2026-01-06T15:00:00Z' }));
      await s.api('POST', '/api/journal', { date: '2026-01-05', tradingPlan: 'Only <b>A+</b> setups' });
    });

    it('answers the report data, with the statistics of the same filters', async () => {
      const r = await s.api('GET', '/api/reports/summary?tz=America/New_York&instrument=ES');
      expect(r.status).toBe(200);
      const stats = await s.api('GET', '/api/trades/statistics?tz=America/New_York&instrument=ES');
      expect(r.body.statistics).toEqual(stats.body);
      expect(r.body.days).toEqual([{ date: '2026-01-05', trades: 1, wins: 1, losses: 0, winRate: 100, totalPnL: 40 }]);
      expect(r.body.journal.map((e: { date: string }) => e.date)).toEqual(['2026-01-05']);
    });

    it('serves the HTML page with its Content-Security-Policy; user text is escaped', async () => {
      const r = await s.api('GET', '/api/reports/summary.html?tz=UTC');
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/=]+' 'sha256-[A-Za-z0-9+/=]+';/);
      expect(r.text).toContain(`<meta http-equiv="Content-Security-Policy" content="${csp}">`);
      expect(r.text).toContain('Only &lt;b&gt;A+&lt;/b&gt; setups');
      expect(r.text).not.toContain('<b>A+</b>');
      expect(r.text).not.toMatch(/<script[^>]+src=|<link[^>]+href=|https?:\/\/cdn/i);
      expect(r.text).toContain('data-stat="totalTrades" data-value="2"');
    });

    it('needs a bearer token and names a bad query field', async () => {
      const anonymous = await call(s.srv.url, 'GET', '/api/reports/summary.html');
      expect(anonymous.status).toBe(401);
      const bad = await s.api('GET', '/api/reports/summary.html?bucketSize=0');
      expect(bad.status).toBe(400);
      expect(bad.headers.get('content-type')).toContain('application/problem+json');
      expect(bad.body.errors).toEqual([{ path: 'bucketSize', message: expect.any(String) }]);
      const unknown = await s.api('GET', '/api/reports/summary?status=open');
      expect(unknown.body.errors).toEqual([{ path: 'status', message: 'is not a known field' }]);
    });
  });
});
