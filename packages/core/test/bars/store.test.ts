/**
 * The bar store (docs/decisions.md, "Price bars"): bars are the user's own, a bar already held is
 * never written twice, the stretches a series is complete over are kept once, and a trade's series
 * is its contract, else the continuous root, and an option's only its own contract.
 */
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { storeBars } from '../../src/bars/store.js';
import { seriesFor } from '../../src/market/series.js';
import type { Bar } from '../../src/market/bar.js';
import { newUser, useCore } from '../support/core.js';

const T0 = Date.parse('2026-11-02T14:30:00Z');
const bar = (minute: number, close: number): Bar => ({
  time: T0 + minute * 60_000,
  open: close - 0.25,
  high: close + 0.5,
  low: close - 0.75,
  close,
  volume: minute === 1 ? null : 100 + minute,
});

describe.each(DATABASES)('bar store on $name', (db) => {
  const { core, storage } = useCore(db);

  it('stores each bar once, per user, and reads a stretch back in order', async () => {
    const [alice, bob] = [await newUser(core()), await newUser(core())];
    const first = [bar(0, 5000), bar(1, 5001.25), bar(2, 4999.5)];
    const batch = (bars: Bar[], from: number, to: number) => ({
      instrumentKey: 'ESZ6',
      timeframe: 60,
      bars,
      range: { from: T0 + from * 60_000, to: T0 + to * 60_000, source: 'file:generic' },
    });
    const written = await storage().transaction((tx) => storeBars(tx, alice, batch(first, 0, 3), []));
    expect(written).toBe(3);
    // An overlapping file: minutes 2 (held, a different close) and 3 (new). The held bar stays.
    const again = await storage().transaction((tx) => storeBars(tx, alice, batch([bar(2, 4000), bar(3, 5002)], 2, 4), []));
    expect(again).toBe(1);
    const held = await core().bars.range(alice, 'esz6', 60, T0, T0 + 10 * 60_000);
    expect(held).toEqual([...first, bar(3, 5002)]);
    expect(await core().bars.range(bob, 'ESZ6', 60, T0, T0 + 10 * 60_000)).toEqual([]);
    expect(await core().bars.series(alice)).toEqual([
      { instrumentKey: 'ESZ6', timeframe: 60, count: 4, first: T0, last: T0 + 3 * 60_000 },
    ]);
    // Stretches: both kept (once each, a repeat adds none), found by overlap.
    await storage().transaction((tx) => storeBars(tx, alice, batch([], 0, 3), []));
    const ranges = await storage().repos.bars.ranges(alice, 'ESZ6', 60, T0 + 60_000, T0 + 2 * 60_000 + 1);
    expect(ranges).toEqual([
      { from: T0, to: T0 + 3 * 60_000, source: 'file:generic' },
      { from: T0 + 2 * 60_000, to: T0 + 4 * 60_000, source: 'file:generic' },
    ]);
    expect(await storage().repos.bars.ranges(alice, 'ESZ6', 60, T0 + 4 * 60_000, T0 + 9 * 60_000)).toEqual([]);
    expect(await storage().repos.bars.timeframes(alice, 'ESZ6')).toEqual([60]);
    expect(await storage().repos.bars.delete(alice, 'ESZ6')).toBe(4);
    expect(await core().bars.series(alice)).toEqual([]);
  });

  it('runs the after-bars work over the stored stretch in the same transaction', async () => {
    const alice = await newUser(core());
    const seen: unknown[] = [];
    await expect(
      storage().transaction((tx) =>
        storeBars(
          tx,
          alice,
          { instrumentKey: 'NQ', timeframe: 300, bars: [bar(0, 20_000)], range: { from: T0, to: T0 + 300_000, source: 'x' } },
          [
            async (_tx, stored) => {
              seen.push(stored);
              throw new Error('after-bars failed');
            },
          ],
        ),
      ),
    ).rejects.toThrow('after-bars failed');
    expect(seen).toEqual([{ userId: alice, instrumentKey: 'NQ', timeframe: 300, from: T0, to: T0 + 300_000 }]);
    // The failure rolled the bars back with it.
    expect(await core().bars.series(alice)).toEqual([]);
  });
});

describe('the series a trade is measured on', () => {
  it('is the contract, then its continuous root; an option only its own contract', () => {
    expect(seriesFor({ instrument: 'esz6', assetClass: 'future' })).toEqual([
      { instrumentKey: 'ESZ6', continuous: false },
      { instrumentKey: 'ES', continuous: true },
    ]);
    expect(seriesFor({ instrument: 'ES', assetClass: 'future' })).toEqual([{ instrumentKey: 'ES', continuous: false }]);
    expect(seriesFor({ instrument: 'AAPL', assetClass: 'stock' })).toEqual([{ instrumentKey: 'AAPL', continuous: false }]);
    expect(seriesFor({ instrument: 'SPY 261218C00650000', assetClass: 'option' })).toEqual([
      { instrumentKey: 'SPY 261218C00650000', continuous: false },
    ]);
  });
});
