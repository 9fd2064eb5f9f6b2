/**
 * `skipInvalid` over HTTP: a broker file whose reader refuses a row is read again per refused row,
 * so the upload is spooled to a temporary file (removed afterwards) instead of streamed through.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { call } from './support/http.js';
import { useServerWithUser } from './support/server.js';

const FILLS = readFileSync(new URL('../../core/test/fixtures/brokers/tradovate-fills.csv', import.meta.url), 'utf8');
// A row whose _price is "50O2.00" (a letter O), inserted as line 4, between ES's exits.
const BAD_ROW =
  '9010,8010,3101,2026-09-14 14:36:00.000Z,2026-9-14,1,1,50O2.00,true,77,9010,8010,09/14/2026 09:36:00,9/14/26,DEMO1, Sell,1,50O2.00,-2,0,0.25,ESZ6,ES,E-Mini S&P 500,1.29';
const lines = FILLS.split('\n');
const WITH_BAD_ROW = [...lines.slice(0, 3), BAD_ROW, ...lines.slice(3)].join('\n');

describe.each(DATABASES)('skipInvalid over HTTP on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    const s = useServerWithUser(db, 'skipper');
    // The server runs in this process: its temporary files go where TMPDIR says.
    const spoolDir = mkdtempSync(join(tmpdir(), 'tj-spool-test-'));
    const previous = process.env.TMPDIR;
    beforeAll(() => {
      process.env.TMPDIR = spoolDir;
    });
    afterAll(() => {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      rmSync(spoolDir, { recursive: true, force: true });
    });
    const post = (body: string, query: string) =>
      call(s.srv.url, 'POST', `/api/imports${query}`, { headers: { ...s.user.auth, 'content-type': 'text/csv' }, raw: body });

    it('fails naming the bad cell without it, writing nothing; with it imports the rest and counts the row', async () => {
      const refused = await post(WITH_BAD_ROW, '');
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body.errors)).toMatch(/line 4, column _price/);
      expect((await s.api('GET', '/api/imports')).body.pagination.total).toBe(0);

      const clean = await post(FILLS, '?dryRun=true&skipInvalid=true');
      expect(clean.status, clean.text).toBe(200);
      expect(clean.body.counts.invalid).toBe(0);

      const r = await post(WITH_BAD_ROW, '?skipInvalid=true');
      expect(r.status, r.text).toBe(201);
      expect(r.body.counts).toMatchObject({ invalid: 1, tradesCreated: clean.body.counts.tradesCreated });
      expect(r.body.groups).toEqual(clean.body.groups);
      expect(readdirSync(spoolDir)).toEqual([]);
    });
  });
});
