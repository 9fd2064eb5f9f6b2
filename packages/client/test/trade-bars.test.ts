/**
 * GET /api/trades/{id}/bars through the SDK against the real server on SQLite and PostgreSQL
 * (docs/decisions.md, "A trade on its chart"): the series a trade is measured on (its contract,
 * else the continuous root, said), the finest timeframe held, the padding, an empty list when no
 * bar is held, 404 for an unknown or another user's trade, 400 for a bad query. Bars are seeded
 * through core's storage (storeBars in a transaction), as no bars endpoint is part of this change.
 */
import { type Bar, storeBars } from '@tj/core/internal';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { TjApiError } from '../src/index.js';
import { type TestServer, useServer } from './support/server.js';

const MINUTE = 60_000;
const at = (hhmm: string) => Date.parse(`2026-11-20T${hhmm}:00Z`);

/** Minute bars from `first` (HH:MM) on, `n` of them, each 1 point wide around 5000 + its index. */
function minuteBars(first: string, n: number, seconds = 60): Bar[] {
  return Array.from({ length: n }, (_, i) => ({
    time: at(first) + i * seconds * 1000,
    open: 5000 + i,
    high: 5000.5 + i,
    low: 4999.5 + i,
    close: 5000.25 + i,
    volume: 10 + i,
  }));
}

async function seed(server: TestServer, userId: string, instrumentKey: string, timeframe: number, bars: Bar[]) {
  const last = bars[bars.length - 1] as Bar;
  const range = { from: (bars[0] as Bar).time, to: last.time + timeframe * 1000, source: 'file:test' };
  await server.storage.transaction((tx) => storeBars(tx, userId, { instrumentKey, timeframe, bars, range }, []));
}

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`the bars around a trade through the SDK on ${db.name}`, () => {
    const server = useServer(db);

    it('shows the continuous series, said, when the contract’s own bars are missing, then the contract’s once held', async () => {
      const { client, userId } = await server().loggedIn({ retry: { retries: 0 } });
      const trade = await client.trades.create({
        instrument: 'ESZ6',
        assetClass: 'future',
        direction: 'long',
        entryPrice: 5002,
        positionSize: 1,
        multiplier: 50,
        entryTime: '2026-11-20T14:31:30Z',
        exitPrice: 5004,
        exitTime: '2026-11-20T14:34:10Z',
      });
      // ES 1-minute bars 14:20 … 14:49 (30 bars).
      await seed(server(), userId, 'ES', 60, minuteBars('14:20', 30));

      // Entry bar 14:31, exit bar 14:34; padding 2: from 14:29 to 14:37 (exclusive) = 14:29 … 14:36, 8 bars.
      const around = await client.trades.bars(trade.id, { padding: 2 });
      expect(around).toMatchObject({
        instrument: 'ES',
        continuous: true,
        timeframe: '1m',
        from: '2026-11-20T14:29:00.000Z',
        to: '2026-11-20T14:37:00.000Z',
      });
      expect(around.bars.map((b) => b.time)).toEqual(
        Array.from({ length: 8 }, (_, i) => new Date(at('14:29') + i * MINUTE).toISOString()),
      );
      // 14:29 is the 10th bar from 14:20 (index 9): open 5009, high 5009.5, low 5008.5, close 5009.25, volume 19.
      expect(around.bars[0]).toEqual({
        time: '2026-11-20T14:29:00.000Z',
        open: 5009,
        high: 5009.5,
        low: 5008.5,
        close: 5009.25,
        volume: 19,
      });

      // The default padding is 30 bars: 14:01 … 15:04 holds the ES bars 14:20 … 14:49, all 30 of them.
      const padded = await client.trades.bars(trade.id);
      expect(padded).toMatchObject({ from: '2026-11-20T14:01:00.000Z', to: '2026-11-20T15:05:00.000Z' });
      expect(padded.bars).toHaveLength(30);

      // The contract's own 5-minute bars 14:00 … 14:55 (12): they win over the continuous series.
      await seed(server(), userId, 'ESZ6', 300, minuteBars('14:00', 12, 300));
      // Entry bar 14:30, exit bar 14:30; padding 1: 14:25 … 14:35 → the bars of 14:25, 14:30, 14:35.
      const own = await client.trades.bars(trade.id, { padding: 1 });
      expect(own).toMatchObject({ instrument: 'ESZ6', continuous: false, timeframe: '5m' });
      expect(own.bars.map((b) => b.time)).toEqual([
        '2026-11-20T14:25:00.000Z',
        '2026-11-20T14:30:00.000Z',
        '2026-11-20T14:35:00.000Z',
      ]);

      // Asking 1m: the contract has none, the continuous series has them.
      const asked = await client.trades.bars(trade.id, { timeframe: '1m', padding: 0 });
      expect(asked).toMatchObject({ instrument: 'ES', continuous: true, timeframe: '1m' });
      expect(asked.bars.map((b) => b.time)).toEqual([
        '2026-11-20T14:31:00.000Z',
        '2026-11-20T14:32:00.000Z',
        '2026-11-20T14:33:00.000Z',
        '2026-11-20T14:34:00.000Z',
      ]);
      // The short id works like the full one.
      expect(await client.trades.bars(trade.id.slice(-10), { timeframe: '1m', padding: 0 })).toEqual(asked);
    });

    it('answers an empty list, not an error, when no bar is held; another user’s bars are never shown', async () => {
      const ann = await server().loggedIn({ retry: { retries: 0 } });
      const bob = await server().loggedIn({ retry: { retries: 0 } });
      await seed(server(), ann.userId, 'AAPL', 60, minuteBars('14:20', 30));
      const trade = await bob.client.trades.create({
        instrument: 'AAPL',
        direction: 'short',
        entryPrice: 190,
        positionSize: 10,
        entryTime: '2026-11-20T14:31:00Z',
        exitPrice: 189,
        exitTime: '2026-11-20T14:33:00Z',
      });
      // Entry bar 14:31, exit bar 14:33, padding 30: 14:01 … 15:04 (1m, the window of no bars).
      expect(await bob.client.trades.bars(trade.id)).toEqual({
        instrument: 'AAPL',
        continuous: false,
        timeframe: null,
        bars: [],
        from: '2026-11-20T14:01:00.000Z',
        to: '2026-11-20T15:04:00.000Z',
      });
      // Ann cannot read Bob's trade's bars: 404 as for any unknown trade.
      const foreign = await ann.client.trades.bars(trade.id).catch((e: unknown) => e);
      expect(foreign).toBeInstanceOf(TjApiError);
      expect(foreign).toMatchObject({ status: 404, code: 'not_found' });
      const unknown = await bob.client.trades.bars('0190aaaa-0000-7000-8000-000000000000').catch((e: unknown) => e);
      expect(unknown).toMatchObject({ status: 404, code: 'not_found' });
    });

    it('refuses a bad query with a 400 naming the field', async () => {
      const { client } = await server().loggedIn({ retry: { retries: 0 } });
      const trade = await client.trades.create({
        instrument: 'NQ',
        direction: 'long',
        entryPrice: 21000,
        positionSize: 1,
        entryTime: '2026-11-02T14:30:00Z',
        exitPrice: 21010,
        exitTime: '2026-11-20T14:30:00Z',
      });
      const tooMuch = await client.trades.bars(trade.id, { padding: 501 }).catch((e: unknown) => e);
      expect(tooMuch).toMatchObject({ status: 400, code: 'validation_failed' });
      expect((tooMuch as TjApiError).problem?.errors?.[0]).toMatchObject({ path: 'padding' });
      // 18 days of 1-minute bars: 18 × 1440 + 1 + 2 × 30 = 25,981 bars, more than 2,000.
      const tooFine = await client.trades.bars(trade.id, { timeframe: '1m' }).catch((e: unknown) => e);
      expect(tooFine).toMatchObject({ status: 400, code: 'validation_failed' });
      expect((tooFine as TjApiError).problem?.errors?.[0]).toMatchObject({ path: 'timeframe' });
      expect((tooFine as TjApiError).message).toContain('25981 bars of 1m');
      // 1h: 18 × 24 + 1 + 60 = 493 bars, within the bound: an empty answer.
      expect((await client.trades.bars(trade.id, { timeframe: '1h' })).bars).toEqual([]);
    });
  });
}
