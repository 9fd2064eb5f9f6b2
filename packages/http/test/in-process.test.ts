/**
 * The app without a socket: `createApp` builds what `createServer` serves, and `inProcessFetch`
 * answers fetch calls from its handler in this process (what the CLI's local mode runs on).
 */
import { createApp, type TjApp } from '@tj/http';
import { inProcessFetch } from '@tj/http/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { testServerConfig } from './support/server.js';

const BASE = 'http://in-process';
const FILLS = [
  'datetime,symbol,side,quantity,price,commission,exec_id',
  '2026-11-02T14:30:00Z,AAPL,buy,100,190.00,1.00,e1',
  '2026-11-02T15:30:00Z,AAPL,sell,100,195.00,1.00,e2',
  '2026-11-02T16:00:00Z,MSFT,buy,10,abc,0,e3',
].join('\n');

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`the app in process on ${db.name}`, () => {
    let app: TjApp;
    let cleanup: () => Promise<void>;
    let call: typeof fetch;
    let auth: Record<string, string>;

    beforeAll(async () => {
      const opened = await db.open();
      cleanup = opened.cleanup;
      app = await createApp({ ...testServerConfig(opened), rateLimit: false });
      call = inProcessFetch(app.handler);
      const user = await app.core.auth.createUser({ email: 'ann@example.com', name: 'Ann', password: 'correct horse' });
      auth = { authorization: `Bearer ${await app.tokens.issuer.issue(user.id)}` };
    });
    afterAll(async () => {
      await app?.close();
      await cleanup?.();
    });

    it('answers like the server: JSON, headers, 201 with Location, 204 without a body, problems', async () => {
      const health = await call(`${BASE}/api/health`);
      expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);
      expect(health.headers.get('x-request-id')).toEqual(expect.any(String));
      const body = { instrument: 'ES', direction: 'long', entryPrice: 5000, positionSize: 1, entryTime: '2026-11-02T14:30:00Z' };
      const created = await call(`${BASE}/api/trades`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(created.status).toBe(201);
      const trade = (await created.json()) as { id: string };
      expect(created.headers.get('location')).toBe(`/api/trades/${trade.id}`);
      const listed = await call(`${BASE}/api/trades?instrument=ES`, { headers: auth });
      expect(((await listed.json()) as { trades: unknown[] }).trades).toHaveLength(1);
      const deleted = await call(`${BASE}/api/trades/${trade.id}`, { method: 'DELETE', headers: auth });
      expect([deleted.status, deleted.body]).toEqual([204, null]);
      const missing = await call(`${BASE}/api/trades/${trade.id}`, { headers: auth });
      expect(missing.status).toBe(404);
      expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(await missing.json()).toMatchObject({ code: 'not_found', detail: 'trade not found' });
      const anonymous = await call(`${BASE}/api/trades`);
      expect(anonymous.status).toBe(401);
    });

    it('takes a streamed upload body, and the record lists the rows skipInvalid left out', async () => {
      const bytes = new TextEncoder().encode(FILLS);
      let pulled = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= bytes.length) return controller.close();
          controller.enqueue(bytes.subarray(pulled, pulled + 16));
          pulled += 16;
        },
      });
      const answer = await call(`${BASE}/api/imports?fileName=fills.csv&skipInvalid=true`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/csv' },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(answer.status).toBe(201);
      const record = (await answer.json()) as Record<string, unknown>;
      expect(pulled).toBeGreaterThanOrEqual(bytes.length);
      expect(record).toMatchObject({
        fileName: 'fills.csv',
        sizeBytes: bytes.length,
        counts: { tradesCreated: 1, invalid: 1 },
        skippedRows: [
          { line: 4, message: 'line 4, column price: "abc" is not a number', raw: '2026-11-02T16:00:00Z,MSFT,buy,10,abc,0,e3' },
        ],
        skippedRowsNotListed: 0,
      });
    });
  });
}
