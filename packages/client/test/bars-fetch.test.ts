/**
 * client.bars.fetch against the real server on SQLite and PostgreSQL, its providers pointed at a
 * local server replaying Databento's and Polygon's recorded answers
 * (packages/core/test/fixtures/providers): bars fetched once, an option trade's own contract
 * fetched on demand, a provider's refusal the SDK's one error class without the key.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReplayServer, startReplayServer } from '../../core/test/providers/replay-server.js';
import { DATABASES } from '../../../test/support/databases.js';
import { TjApiError } from '../src/index.js';
import { useServer } from './support/server.js';

const FIXTURES = fileURLToPath(new URL('../../core/test/fixtures/providers', import.meta.url));
const KEY = 'pk_SDKSECRET_0123456789abcdefABCD';

let replay: ReplayServer;
beforeAll(async () => {
  replay = await startReplayServer(FIXTURES);
});
afterAll(async () => replay.close());

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`bars fetched through the SDK on ${db.name}`, () => {
    const server = useServer(db, { barProvidersUrl: () => replay.baseUrl });

    it('fetches an option trade’s own contract on demand, once', async () => {
      const { client } = await server().loggedIn({ retry: { retries: 0 } });
      await client.trades.create({
        instrument: 'SPY261218C00650000',
        assetClass: 'option',
        underlying: 'SPY',
        expiry: '2026-12-18',
        right: 'call',
        strike: 650,
        direction: 'long',
        entryPrice: 12.4,
        positionSize: 1,
        multiplier: 100,
        entryTime: '2026-11-02T14:30:20Z',
        exitPrice: 12.45,
        exitTime: '2026-11-02T14:33:40Z',
      });
      const before = replay.requests.length;
      replay.script({ status: 200, file: 'polygon/aggs-spy-call.json' });
      const fetched = await client.bars.fetch({
        provider: 'polygon',
        apiKey: KEY,
        trades: { assetClass: 'option', paddingMinutes: 0 },
      });
      // [14:30:20, 14:33:40] in whole minutes is [14:30, 14:34): the 14:30 and 14:33 bars.
      expect(fetched).toEqual({
        provider: 'polygon',
        timeframe: '1m',
        trades: 1,
        stretches: [
          {
            instrument: 'SPY261218C00650000',
            from: '2026-11-02T14:30:00.000Z',
            to: '2026-11-02T14:34:00.000Z',
            complete: true,
            received: 2,
            written: 2,
          },
        ],
        received: 2,
        written: 2,
      });
      expect(replay.requests[before]?.path).toMatch(/^\/v2\/aggs\/ticker\/O%3ASPY261218C00650000\/range\/1\/minute\//);
      const again = await client.bars.fetch({
        provider: 'polygon',
        apiKey: KEY,
        trades: { assetClass: 'option', paddingMinutes: 0 },
      });
      expect(again).toMatchObject({ trades: 1, stretches: [], written: 0 });
      expect(replay.requests.length).toBe(before + 1);
    });

    it('a plan without the data is a TjApiError 502 whose problem never holds the key', async () => {
      const { client } = await server().loggedIn({ retry: { retries: 0 } });
      replay.script({ status: 403, file: 'polygon/not-authorized.json' });
      const error = await client.bars
        .fetch({ provider: 'polygon', apiKey: KEY, instrument: 'AAPL', from: '2026-11-02', to: '2026-11-02' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TjApiError);
      expect(error).toMatchObject({ status: 502 });
      expect((error as TjApiError).problem?.detail).toMatch(/^bar provider polygon: the service refused access \(HTTP 403\)/);
      expect(JSON.stringify(error) + String(error)).not.toContain(KEY);
    });
  });
}
