import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { detectedFormat, fillsOf, fixture, importFailure, importText, readRecords, totalResult } from './support.js';

const us = fixture('ninjatrader-trades-us.csv');
const de = fixture('ninjatrader-trades-de.csv');

/** The file with its data rows in reverse order (newest first). */
function newestFirst(text: string): string {
  const [header, ...rows] = text.trimEnd().split('\n');
  return [header, ...rows.reverse()].join('\n');
}

describe('NinjaTrader 8 Trades grid', () => {
  it('is detected with English and with German headers', async () => {
    expect(await detectedFormat(us)).toBe('ninjatrader-trades');
    expect(await detectedFormat(de)).toBe('ninjatrader-trades');
  });

  it('yields entry and exit fills, the pair costs summed and the net Profit on the exit, the same in both locales', async () => {
    const fills = fillsOf(await readRecords('ninjatrader-trades', us));
    expect(fills).toHaveLength(12);
    expect(fills[0]).toMatchObject({
      symbol: 'ES 12-26',
      side: 'buy',
      quantity: 2,
      price: 6600,
      effect: 'open',
      account: 'Sim101',
    });
    expect(fills[0]?.commission).toBeUndefined();
    // Trade 1: commission $4.30; fees 0.20 + 2.56 + 0.00 + 0.04 = 2.80; Profit "$1,192.90" is net.
    expect(fills[1]).toMatchObject({
      side: 'sell',
      price: 6612,
      effect: 'close',
      commission: 4.3,
      fees: 2.8,
      brokerPnl: { amount: 1192.9, basis: 'net' },
      assetClass: 'future',
      time: { wall: { year: 2026, month: 9, day: 22, hour: 9, minute: 52, second: 40 } },
    });
    // Trade 2 is a short with Profit "($21.55)".
    expect(fills[3]).toMatchObject({ side: 'buy', brokerPnl: { amount: -21.55, basis: 'net' }, commission: 1.04, fees: 0.51 });
    expect(fills.every((f) => f.execId === undefined)).toBe(true);
    expect(fillsOf(await readRecords('ninjatrader-trades', de))).toEqual(fills);
  });

  it('closes a pair before reopening in the same second, whatever order the rows come in', async () => {
    const fills = fillsOf(await readRecords('ninjatrader-trades', newestFirst(us)));
    const at1105 = fills.filter((f) => 'wall' in f.time && f.time.wall.hour === 11 && f.time.wall.minute === 5);
    // Trade 5 (long) exits at 11:05:00 by selling, trade 6 (short) enters at 11:05:00 by selling.
    expect(at1105.map((f) => [f.effect, f.price])).toEqual([
      ['close', 24525],
      ['open', 24525],
    ]);
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`NinjaTrader 8 Trades grid import on ${db.name}`, () => {
    const h = useCore(db);

    for (const [locale, text] of [
      ['US', us],
      ['German', de],
      ['US, newest first', newestFirst(us)],
    ] as const) {
      it(`regroups overlapping pairs and matches the file's net Profit to the cent (${locale})`, async () => {
        const user = await newUser(h.core());
        const { summary, trades } = await importText(h.core(), user, text);
        expect(summary).toMatchObject({ created: 5, skipped: 0 });
        expect(trades.map((t) => [t.instrument, t.direction, t.positionSize, t.fees, t.result])).toEqual([
          // ES (50/pt): long 2, 6600 → 6612 = 1,200.00 − 4.30 commission − 2.80 fees = 1,192.90.
          ['ES 12-26', 'long', 2, 7.1, 1192.9],
          // MNQ (2/pt): short 1, 24510 → 24520 = −20.00 − 1.55 = −21.55.
          ['MNQ 12-26', 'short', 1, 1.55, -21.55],
          // Trades 3 and 4 overlap (10:30–10:40 and 10:32–10:45): one long 2, (6 + 8) × 2 = 28.00 − 2 × 0.78 = 26.44.
          ['MNQ 12-26', 'long', 2, 1.56, 26.44],
          // Trade 5 closes at 11:05:00 as trade 6 opens: 10.00 − 0.78 = 9.22 and 20.00 − 0.78 = 19.22.
          ['MNQ 12-26', 'long', 1, 0.78, 9.22],
          ['MNQ 12-26', 'short', 1, 0.78, 19.22],
        ]);
        // The file's last Cum. net profit.
        expect(totalResult(trades)).toBe(1226.23);
        expect(trades[0]).toMatchObject({
          account: 'Sim101',
          multiplier: 50,
          assetClass: 'future',
          underlying: 'ES',
          entryTime: '2026-09-22T13:35:12.000Z',
          exitTime: '2026-09-22T13:52:40.000Z',
        });
        expect(trades[2]).toMatchObject({ entryPrice: 24501, exitPrice: 24508 });
        expect(trades[4]).toMatchObject({ exitTime: '2026-09-22T16:08:00.000Z' });
      });
    }

    it('fails the whole import on one bad Profit, naming line, column and value, and writes nothing', async () => {
      const bad = de.replace('15,22 $', '15,2,2 $');
      expect(await importFailure(h.core(), bad)).toEqual({
        message: 'line 5, column Profit: "15,2,2 $" is not an amount',
        trades: 0,
      });
    });
  });
}
