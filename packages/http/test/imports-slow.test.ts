/**
 * Uploads that take their time: an import keeps going as long as its body keeps arriving (no
 * whole-request cap), while one that stalls is answered 408 and imports nothing.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { signUp, startTestServer, type TestServer, type TestUser } from './support/server.js';

const HEADER = 'datetime,symbol,side,quantity,price,commission,fees,exec_id,account,multiplier,tags,note\n';
/** The arrival limit of these servers: short, so slow uploads cross it several times. */
const TIMEOUT_MS = 600;

/** Our fills CSV: `n` ES round trips of one contract, +1 point (50) each. */
function fills(n: number): string[] {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    const minute = String(i % 60).padStart(2, '0');
    lines.push(`2026-03-${day}T14:${minute}:00Z,ES,buy,1,5000,0,0,s${i}-in,SIM,50,,\n`);
    lines.push(`2026-03-${day}T15:${minute}:00Z,ES,sell,1,5001,0,0,s${i}-out,SIM,50,,\n`);
  }
  return lines;
}

/** POSTs `parts` to /api/imports, one every `gapMs`, and resolves with the answer. */
function dribble(
  url: string,
  auth: Record<string, string>,
  parts: string[],
  gapMs: number,
): Promise<{ status: number; body: any }> {
  const body = parts.join('');
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/imports?fileName=slow.csv`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/csv', 'content-length': String(Buffer.byteLength(body)) },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => {
        text += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
    let i = 0;
    const next = () => {
      if (i === parts.length) return void req.end();
      req.write(parts[i++]);
      setTimeout(next, gapMs);
    };
    next();
  });
}

describe.each(DATABASES)('slow uploads on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    let srv: TestServer;
    let u: TestUser;
    beforeAll(async () => {
      srv = await startTestServer(db, { requestTimeoutMs: TIMEOUT_MS });
      u = await signUp(srv.url, 'slow');
    });
    afterAll(async () => {
      await srv?.close();
    });

    it('imports a file that takes several times the limit to arrive, as long as it keeps arriving', async () => {
      const lines = fills(12);
      const parts = [HEADER, ...lines];
      const started = Date.now();
      const r = await dribble(srv.url, u.auth, parts, TIMEOUT_MS / 4);
      expect(Date.now() - started).toBeGreaterThan(2 * TIMEOUT_MS);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.counts).toMatchObject({ tradesCreated: 12 });
      const trades = await fetch(`${srv.url}/api/trades?limit=100`, { headers: u.auth }).then((x) => x.json());
      expect(trades.pagination.total).toBe(12);
      expect(trades.trades.every((t: { result: number }) => t.result === 50)).toBe(true);
    });

    it('answers 408 to an upload that stops arriving, and imports none of it', async () => {
      const other = await signUp(srv.url, 'stalled');
      const body = [HEADER, ...fills(5)].join('');
      const r = await new Promise<{ status: number; body: any }>((resolve, reject) => {
        const req = request(`${srv.url}/api/imports?fileName=stalled.csv`, {
          method: 'POST',
          headers: { ...other.auth, 'content-type': 'text/csv', 'content-length': String(Buffer.byteLength(body) + 100) },
        });
        req.on('response', (res) => {
          let text = '';
          res.on('data', (d) => {
            text += d;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        });
        req.on('error', reject);
        req.write(body);
      });
      expect(r.status).toBe(408);
      expect(r.body).toMatchObject({ status: 408, code: 'request_timeout' });
      const trades = await fetch(`${srv.url}/api/trades`, { headers: other.auth }).then((x) => x.json());
      expect(trades.pagination.total).toBe(0);
      const imports = await fetch(`${srv.url}/api/imports`, { headers: other.auth }).then((x) => x.json());
      expect(imports.pagination?.total ?? imports.imports?.length ?? 0).toBe(0);
    });
  });
});
