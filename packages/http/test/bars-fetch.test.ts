/**
 * POST /api/bars/fetch over real HTTP, with the server's providers pointed at a local replay
 * server (TJ_DATABENTO_URL / TJ_POLYGON_URL's config): bars stored, a second call asks nothing,
 * a provider's refusal a problem body without the key, and the key in no log line.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { type ReplayServer, startReplayServer } from '../../core/test/providers/replay-server.js';
import { call } from './support/http.js';
import { signUp, startTestServer, type TestServer, type TestUser } from './support/server.js';

const FIXTURES = fileURLToPath(new URL('../../core/test/fixtures/providers/', import.meta.url));
const KEY = 'db-HTTPSECRET0123456789abcdefghij';

describe.each(DATABASES)('POST /api/bars/fetch, on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    let replay: ReplayServer;
    let srv: TestServer;
    let u: TestUser;
    beforeAll(async () => {
      replay = await startReplayServer(FIXTURES);
      srv = await startTestServer(db, { databentoUrl: replay.baseUrl, polygonUrl: replay.baseUrl });
      u = await signUp(srv.url, 'bars');
    });
    afterAll(async () => {
      await srv?.close();
      await replay?.close();
    });
    const fetchBars = (json: unknown) => call(srv.url, 'POST', '/api/bars/fetch', { headers: u.auth, json });
    const body = {
      provider: 'databento',
      apiKey: KEY,
      instrument: 'ESZ6',
      from: '2026-11-02T14:30:00Z',
      to: '2026-11-02T14:35:00Z',
    };

    it('stores the provider’s bars once; asked again, nothing is requested', async () => {
      replay.script({ status: 200, file: 'databento/ohlcv-1m-esz6-1430.csv' });
      const first = await fetchBars(body);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ provider: 'databento', timeframe: '1m', trades: null, received: 4, written: 4 });
      expect(first.text).not.toContain(KEY);
      const again = await fetchBars(body);
      expect(again.body).toMatchObject({ stretches: [], written: 0 });
      expect(replay.requests).toHaveLength(1);
      expect(replay.requests[0]?.headers.authorization).toBe(`Basic ${Buffer.from(`${KEY}:`).toString('base64')}`);
    });

    it('a refused key is a 502 problem that never holds the key, nor does any log line', async () => {
      replay.script({ status: 401, file: 'databento/unauthorized.json' });
      const r = await fetchBars({ ...body, from: '2026-11-03T14:30:00Z', to: '2026-11-03T14:35:00Z' });
      expect(r.status).toBe(502);
      expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(r.body).toMatchObject({
        status: 502,
        detail: 'bar provider databento: the service refused access (HTTP 401): Authentication failed.',
      });
      expect(r.text).not.toContain(KEY);
      expect(JSON.stringify(srv.logs)).not.toContain(KEY);
    });

    it('a provider busy past the longest wait is a 503 with its Retry-After', async () => {
      replay.script({ status: 429, headers: { 'retry-after': '90' }, file: 'polygon/rate-limited.json' });
      const r = await fetchBars({ ...body, provider: 'polygon', instrument: 'AAPL' });
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBe('90');
      expect(r.text).not.toContain(KEY);
    });

    it('bad input is a 400 naming the field, and no request reaches the provider', async () => {
      const before = replay.requests.length;
      const r = await fetchBars({ ...body, timeframe: '5m' });
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([{ path: 'timeframe', message: 'databento serves bars of 1m, 1h, 1d' }]);
      expect(r.text).not.toContain(KEY);
      expect(replay.requests.length).toBe(before);
    });
  });
});
