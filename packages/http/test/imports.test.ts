/**
 * The imports API over real HTTP: a file in as CSV, XML or multipart, streamed; its record,
 * history, dry run, 413/415, undo with and without edits, two users, one `import.completed` per
 * import, and alert rules that history does not fire.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { call } from './support/http.js';
import { signUp, startTestServer, useServerWithUser } from './support/server.js';

const fixture = (name: string) => readFileSync(new URL(`../../core/test/fixtures/brokers/${name}`, import.meta.url), 'utf8');
const HEADER = 'datetime,symbol,side,quantity,price,commission,fees,exec_id,account,multiplier,tags,note';

/** Our fills CSV: one ES round trip of 1 contract (point value 50) from `entry` to `exit`. */
function roundTrip(id: string, at: [string, string], prices: [number, number]): string {
  return [
    HEADER,
    `${at[0]},ES,buy,1,${prices[0]},0,0,${id}-in,SIM,50,,`,
    `${at[1]},ES,sell,1,${prices[1]},0,0,${id}-out,SIM,50,,`,
    '',
  ].join('\n');
}

async function upload(url: string, auth: Record<string, string>, body: string, type: string, query = '') {
  return call(url, 'POST', `/api/imports${query}`, { headers: { ...auth, 'content-type': type }, raw: body });
}

describe.each(DATABASES)('the imports API on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    const s = useServerWithUser(db, 'importer');
    const post = (body: string, type: string, query = '') => upload(s.srv.url, s.user.auth, body, type, query);

    it('imports a broker CSV sent as the body, records it, and keeps the import id on its trades', async () => {
      const r = await post(fixture('tradovate-fills.csv'), 'text/csv', '?fileName=fills.csv&sourceTz=America/Chicago');
      expect(r.status, r.text).toBe(201);
      expect(r.headers.get('location')).toBe(`/api/imports/${r.body.id}`);
      expect(r.body).toMatchObject({
        format: { name: 'tradovate-fills' },
        fileName: 'fills.csv',
        sourceTz: 'America/Chicago',
        dryRun: false,
        sizeBytes: Buffer.byteLength(fixture('tradovate-fills.csv')),
        undoneAt: null,
      });
      expect(r.body.counts.tradesCreated).toBeGreaterThan(0);
      expect(r.body.tradeIds).toHaveLength(r.body.counts.tradesCreated);
      const trades = (await s.api('GET', '/api/trades?limit=100')).body.trades;
      expect(trades.map((t: { id: string }) => t.id).sort()).toEqual([...r.body.tradeIds].sort());
      expect(new Set(trades.map((t: { importId: string }) => t.importId))).toEqual(new Set([r.body.id]));
      const net = trades.reduce((sum: number, t: { result: number | null }) => sum + Math.round((t.result ?? 0) * 100), 0);
      const groups = r.body.groups.reduce((sum: number, g: { pnl: number }) => sum + Math.round(g.pnl * 100), 0);
      expect(groups).toBe(net);

      const again = await post(fixture('tradovate-fills.csv'), 'text/csv');
      expect(again.status).toBe(201);
      expect(again.body.counts).toMatchObject({ tradesCreated: 0 });
      expect(again.body.counts.duplicates).toBeGreaterThan(0);

      const list = await s.api('GET', '/api/imports');
      expect(list.body.pagination).toEqual({ page: 1, limit: 20, total: 2, pages: 1 });
      expect(list.body.imports.map((i: { id: string }) => i.id)).toEqual([again.body.id, r.body.id]);
      expect(list.body.imports[0]).not.toHaveProperty('tradeIds');
      expect((await s.api('GET', `/api/imports/${r.body.id}`)).body).toEqual(r.body);
    });

    it('reads XML and multipart bodies; a dry run answers 200 and writes nothing', async () => {
      const before = (await s.api('GET', '/api/trades')).body.pagination.total;
      const imports = (await s.api('GET', '/api/imports')).body.pagination.total;
      const dry = await post(fixture('ibkr-flex.xml'), 'application/xml', '?dryRun=true');
      expect(dry.status, dry.text).toBe(200);
      expect(dry.body).toMatchObject({ dryRun: true, format: { name: 'ibkr-flex-xml' }, tradeIds: [] });
      expect(dry.body.counts.tradesCreated).toBeGreaterThan(0);
      expect((await s.api('GET', '/api/trades')).body.pagination.total).toBe(before);
      expect((await s.api('GET', '/api/imports')).body.pagination.total).toBe(imports);
      expect((await s.api('GET', `/api/imports/${dry.body.id}`)).status).toBe(404);

      const form = new FormData();
      form.append('sourceTz', 'UTC');
      form.append('file', new Blob([fixture('ibkr-flex.xml')], { type: 'application/xml' }), 'flex.xml');
      const res = await fetch(`${s.srv.url}/api/imports`, { method: 'POST', headers: s.user.auth, body: form });
      const record = await res.json();
      expect(res.status, JSON.stringify(record)).toBe(201);
      expect(record).toMatchObject({ fileName: 'flex.xml', sourceTz: 'UTC', format: { name: 'ibkr-flex-xml' } });
      expect(record.counts.tradesCreated).toBe(dry.body.counts.tradesCreated);
    });

    it('refuses what it cannot read with a problem body, writing nothing', async () => {
      const before = (await s.api('GET', '/api/trades')).body.pagination.total;
      const json = await post('{"a":1}', 'application/json');
      expect(json.status).toBe(415);
      expect(json.headers.get('content-type')).toBe('application/problem+json');
      const unknown = await post('foo,bar\n1,2\n', 'text/csv', '?fileName=odd.csv');
      expect(unknown.status).toBe(400);
      expect(unknown.body.detail ?? unknown.body.title).toBeTruthy();
      const badRow = roundTrip('bad', ['2026-01-05T14:30:00Z', 'not a time'], [5000, 5001]);
      const bad = await post(badRow, 'text/csv');
      expect(bad.status).toBe(400);
      const badTz = await post(fixture('tradovate-fills.csv'), 'text/csv', '?sourceTz=Mars/Base');
      expect(badTz.status).toBe(400);
      expect((await s.api('GET', '/api/trades')).body.pagination.total).toBe(before);
    });

    it('puts a file without accounts in the account option, and refuses one naming its own (400)', async () => {
      // 2 MSFT bought at 400, sold at 410, 0.50 commission each side: 2 × 10 − 1 = 19.
      const fills =
        'datetime,symbol,side,quantity,price,commission,exec_id\n2026-01-05T14:30:00Z,MSFT,buy,2,400,0.5,h1\n2026-01-05T15:30:00Z,MSFT,sell,2,410,0.5,h2\n';
      const r = await post(fills, 'text/csv', '?account=Desk-1&fileName=desk.csv');
      expect(r.status, r.text).toBe(201);
      expect(r.body.groups).toEqual([expect.objectContaining({ account: 'Desk-1', instrument: 'MSFT', trades: 1, pnl: 19 })]);
      expect(r.body.counts).toMatchObject({ rows: 2, fills: 2, tradesCreated: 1 });
      const again = await post(fills, 'text/csv', '?account=Desk-1');
      expect(again.body.counts).toMatchObject({ tradesCreated: 0, duplicates: 2 });
      const msft = (await s.api('GET', '/api/trades?account=Desk-1')).body.trades;
      expect(msft.map((t: { instrument: string; result: number }) => [t.instrument, t.result])).toEqual([['MSFT', 19]]);
      const own = await post(
        roundTrip('own', ['2026-01-06T14:30:00Z', '2026-01-06T15:00:00Z'], [5000, 5001]),
        'text/csv',
        '?account=Desk-1&fileName=sim.csv',
      );
      expect(own.status).toBe(400);
      expect(own.headers.get('content-type')).toBe('application/problem+json');
      expect(own.body.detail).toBe(
        'sim.csv: line 2 names its own account "SIM"; the account option (tj import --account) is for files without one: leave it out to keep the file\'s accounts',
      );
    });

    it('refuses an empty file and a header-only file with their own problem (400), recording nothing', async () => {
      const before = (await s.api('GET', '/api/imports')).body.pagination.total;
      const empty = await post('', 'text/csv', '?fileName=empty.csv');
      expect(empty.status, empty.text).toBe(400);
      expect(empty.headers.get('content-type')).toBe('application/problem+json');
      expect(empty.body).toMatchObject({ status: 400, detail: 'empty.csv: the file is empty: there is nothing to import' });
      const headerOnly = await post(`${HEADER}\n`, 'text/csv', '?fileName=header.csv&dryRun=true');
      expect(headerOnly.status, headerOnly.text).toBe(400);
      expect(headerOnly.body).toMatchObject({
        status: 400,
        detail: 'header.csv: no trades to import: the file has only a header (read as Trading journal Fills CSV)',
      });
      expect((await s.api('GET', '/api/imports')).body.pagination.total).toBe(before);
    });

    it('answers 413 past the upload limit, and the client sees it', async () => {
      const small = await startTestServer(db, { maxUploadBytes: 1000 });
      try {
        const u = await signUp(small.url, 'big');
        const big = `${HEADER}\n${'2026-01-05T14:30:00Z,ES,buy,1,5000,0,0,x,SIM,50,,\n'.repeat(2000)}`;
        const r = await upload(small.url, u.auth, big, 'text/csv');
        expect(r.status, r.text).toBe(413);
        expect(r.body).toMatchObject({ status: 413 });
        const multipart = new FormData();
        multipart.append('file', new Blob([big], { type: 'text/csv' }), 'big.csv');
        const m = await fetch(`${small.url}/api/imports`, { method: 'POST', headers: u.auth, body: multipart });
        expect(m.status, await m.clone().text()).toBe(413);
        // Sent chunked (no Content-Length): counted as it streams, refused mid-way.
        const chunks = new ReadableStream<Uint8Array>({
          start(c) {
            for (let i = 0; i < 40; i++) c.enqueue(new TextEncoder().encode(big.slice(i * 100, (i + 1) * 100)));
            c.close();
          },
        });
        const streamed = await fetch(`${small.url}/api/imports`, {
          method: 'POST',
          headers: { ...u.auth, 'content-type': 'text/csv' },
          body: chunks,
          duplex: 'half',
        } as RequestInit);
        expect(streamed.status).toBe(413);
        expect((await call(small.url, 'GET', '/api/trades', { headers: u.auth })).body.pagination.total).toBe(0);
      } finally {
        await small.close();
      }
    });

    it('undoes an import, refusing (409, naming them) when its trades were edited, unless force=true', async () => {
      const file = roundTrip('undo', ['2025-06-02T14:30:00Z', '2025-06-02T14:45:00Z'], [5000, 5002]);
      const imported = (await post(file, 'text/csv')).body;
      expect(imported.counts.tradesCreated).toBe(1);
      const [tradeId] = imported.tradeIds;
      const undone = await s.api('DELETE', `/api/imports/${imported.id}`);
      expect(undone.status).toBe(200);
      expect(undone.body.undoneAt).not.toBeNull();
      expect((await s.api('GET', `/api/trades/${tradeId}`)).status).toBe(404);
      expect((await s.api('DELETE', `/api/imports/${imported.id}`)).status).toBe(409);

      const second = (await post(file, 'text/csv')).body;
      expect(second.counts.tradesCreated).toBe(1);
      const id = second.tradeIds[0];
      await new Promise((r) => setTimeout(r, 5));
      expect((await s.api('PATCH', `/api/trades/${id}`, { notes: 'my own note' })).status).toBe(200);
      const refused = await s.api('DELETE', `/api/imports/${second.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toContain(id);
      expect((await s.api('GET', `/api/trades/${id}`)).status).toBe(200);
      expect((await s.api('DELETE', `/api/imports/${second.id}?force=true`)).status).toBe(200);
      expect((await s.api('GET', `/api/trades/${id}`)).status).toBe(404);
    });

    it('keeps two users’ imports apart (404)', async () => {
      const mine = (await post(roundTrip('iso', ['2025-07-01T14:30:00Z', '2025-07-01T14:40:00Z'], [10, 11]), 'text/csv')).body;
      const other = await signUp(s.srv.url, 'other');
      const get = await call(s.srv.url, 'GET', `/api/imports/${mine.id}`, { headers: other.auth });
      expect(get.status).toBe(404);
      expect((await call(s.srv.url, 'DELETE', `/api/imports/${mine.id}`, { headers: other.auth })).status).toBe(404);
      expect((await call(s.srv.url, 'GET', '/api/imports', { headers: other.auth })).body.imports).toEqual([]);
    });

    it('sends one import.completed per import, and rules about today ignore history', async () => {
      const u = await signUp(s.srv.url, 'alerted');
      const api = (method: string, path: string, json?: unknown) => call(s.srv.url, method, path, { headers: u.auth, json });
      const hook = (await api('POST', '/api/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['*'] })).body;
      const alert = (await api('POST', '/api/alerts', { name: 'Daily stop', type: 'dailyLossLimit', threshold: 100, tz: 'UTC' }))
        .body;
      const history = [
        HEADER,
        '2025-03-10T14:30:00Z,ES,buy,1,5000,0,0,h1,SIM,50,,',
        '2025-03-10T14:40:00Z,ES,sell,1,4990,0,0,h2,SIM,50,,',
        '2025-03-11T14:30:00Z,ES,buy,1,5000,0,0,h3,SIM,50,,',
        '2025-03-11T14:40:00Z,ES,sell,1,4990,0,0,h4,SIM,50,,',
        '',
      ].join('\n');
      const past = await upload(s.srv.url, u.auth, history, 'text/csv');
      expect(past.body.counts.tradesCreated).toBe(2);
      expect((await api('GET', `/api/alerts/${alert.id}/events`)).body.events).toEqual([]);

      const now = Date.now();
      const today = roundTrip(
        'today',
        [new Date(now - 60_000).toISOString(), new Date(now - 30_000).toISOString()],
        [5000, 4996],
      );
      const recent = await upload(s.srv.url, u.auth, today, 'text/csv');
      expect(recent.body.counts.tradesCreated).toBe(1);
      const events = (await api('GET', `/api/alerts/${alert.id}/events`)).body.events;
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ value: -200, tradeId: recent.body.tradeIds[0] });

      const deliveries = (await api('GET', `/api/webhooks/${hook.id}/deliveries?limit=100`)).body.deliveries;
      const kinds = deliveries.map((d: { event: string }) => d.event).sort();
      expect(kinds).toEqual(['alert.triggered', 'import.completed', 'import.completed']);
    });
  });
});
