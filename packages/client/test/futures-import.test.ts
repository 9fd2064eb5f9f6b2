/**
 * TradingView continuous futures through the SDK and the raw API against the real server, on both
 * databases (docs/decisions.md, "Continuous futures"). Hand computations: the header of
 * packages/core/test/import/formats/tradingview-futures.test.ts; times in America/New_York.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { isTjApiError } from '../src/index.js';
import { PASSWORD, useServer } from './support/server.js';

const FILE = readFileSync(
  fileURLToPath(new URL('../../core/test/fixtures/brokers/tradingview-futures-orders.csv', import.meta.url)),
  'utf8',
);
const HEADER = FILE.split('\n')[0];
const XYZ = `${HEADER}\nCME:XYZ1!,Buy,Market,1,,,100.00,Filled,1.00,,,2026-04-14 09:35:00,2026-04-14 09:35:01,1\n`;

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`TradingView futures through the SDK and the API on ${db.name}`, () => {
    const server = useServer(db);

    it('books the continuous symbols under their roots with the catalogue’s point values', async () => {
      const { client } = await server().loggedIn();
      const record = await client.imports.create(FILE, { sourceTz: 'America/New_York', fileName: 'tv-futures.csv' });
      expect(record).toMatchObject({ format: { name: 'tradingview-orders' }, counts: { tradesCreated: 4 } });
      const { trades } = await client.trades.list({ limit: 100 });
      const by = Object.fromEntries(trades.map((t) => [t.instrument, t]));
      // NQ 2: 40.50 × 20 × 2 = 1,620.00 − 8.60 = 1,611.40; ES short 1: −5.75 × 50 − 4.50 = −292.00;
      // MNQ 5: +123.00 − 59.00 − 3.10 = 60.90; ESM2026: 2.75 × 50 − 4.50 = 133.00.
      expect(Object.fromEntries(trades.map((t) => [t.instrument, [t.underlying, t.multiplier, t.result]]))).toEqual({
        NQ: ['NQ', 20, 1611.4],
        ES: ['ES', 50, -292],
        MNQ: ['MNQ', 2, 60.9],
        ESM2026: ['ES', 50, 133],
      });
      expect(by.NQ).toMatchObject({ assetClass: 'future', entryTime: '2026-04-14T13:35:01.000Z' });
      const nq = await client.trades.list({ instrument: 'NQ' });
      expect(nq.trades.map((t) => t.result)).toEqual([1611.4]);
    });

    it('takes pointValues over the catalogue', async () => {
      const { client } = await server().loggedIn();
      await client.imports.create(FILE, { sourceTz: 'America/New_York', pointValues: { NQ: 25 } });
      const { trades } = await client.trades.list({ instrument: 'NQ' });
      // 40.50 × 25 × 2 = 2,025.00 − 8.60 = 2,016.40.
      expect(trades.map((t) => [t.multiplier, t.result])).toEqual([[25, 2016.4]]);
    });

    it('refuses an unknown root with a 400 naming the option, as the SDK and the raw API see it', async () => {
      const { client, email } = await server().loggedIn();
      const refused = await client.imports.create(XYZ, { sourceTz: 'America/New_York' }).catch((e: unknown) => e);
      expect(isTjApiError(refused) && refused.status === 400).toBe(true);
      expect(String((refused as Error).message)).toContain(
        '"XYZ1!": unknown futures root XYZ; give its point value with the pointValues option',
      );
      expect((await client.trades.list({})).trades).toEqual([]);

      const login = await fetch(`${server().url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      const { accessToken } = (await login.json()) as { accessToken: string };
      const post = (query: string) =>
        fetch(`${server().url}/api/imports?sourceTz=America/New_York${query}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'text/csv' },
          body: XYZ,
        });
      const raw = await post('');
      expect(raw.status).toBe(400);
      expect(raw.headers.get('content-type')).toContain('application/problem+json');
      expect(((await raw.json()) as { detail: string }).detail).toContain('--point-value XYZ=VALUE');
      // Given the point value the row imports: open, 1 contract × 10.
      const given = await post('&pointValues=XYZ=10');
      expect(given.status).toBe(201);
      expect((await client.trades.list({})).trades).toMatchObject([
        { instrument: 'XYZ', underlying: 'XYZ', multiplier: 10, status: 'open' },
      ]);
    });
  });
}
