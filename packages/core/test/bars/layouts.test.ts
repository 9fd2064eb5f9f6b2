/**
 * Each bars layout read from a hand-written export (test/fixtures/bars): detected by content,
 * times turned into bar STARTS in UTC, prices and volume as written.
 */
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { newUser, useCore } from '../support/core.js';
import { fixture, ms } from './support.js';

const sqlite = DATABASES.find((d) => d.name === 'sqlite') as (typeof DATABASES)[number];

describe('bars layouts', () => {
  const h = useCore(sqlite);

  it('reads the generic CSV: Z times are bar starts, the 1m timeframe inferred from the gaps', async () => {
    const user = await newUser(h.core());
    const answer = await h.core().bars.importFile(user, fixture('generic.csv'), { instrument: 'esz6' });
    // 5 rows one minute apart → 1m; 14:30 … 14:34 UTC; the instrument key is upper case.
    expect(answer).toEqual({
      format: 'generic-csv',
      instrument: 'ESZ6',
      timeframe: '1m',
      received: 5,
      written: 5,
      conflicts: 0,
      from: '2026-11-02T14:30:00.000Z',
      to: '2026-11-02T14:34:00.000Z',
    });
    const bars = await h.core().bars.range(user, 'ESZ6', 60, ms('2026-11-02T14:30:00Z'), ms('2026-11-02T14:35:00Z'));
    expect(bars[0]).toEqual({
      time: ms('2026-11-02T14:30:00Z'),
      open: 5000.25,
      high: 5001.5,
      low: 4999.75,
      close: 5001,
      volume: 1200,
    });
    expect(bars.map((b) => b.close)).toEqual([5001, 5001.75, 5003, 5000.5, 4999]);
  });

  it('reads naive generic times in sourceTz: 09:30 in New York on 2 November 2026 (EST, UTC−5) is 14:30 UTC', async () => {
    const user = await newUser(h.core());
    const answer = await h
      .core()
      .bars.importFile(user, fixture('generic-naive.csv'), { instrument: 'ES', sourceTz: 'America/New_York' });
    expect(answer).toMatchObject({ format: 'generic-csv', from: '2026-11-02T14:30:00.000Z', to: '2026-11-02T14:34:00.000Z' });
  });

  it('reads a TradingView export in UNIX seconds: 1793629800 is 2026-11-02T14:30Z, Volume kept, the indicator column ignored', async () => {
    const user = await newUser(h.core());
    const answer = await h.core().bars.importFile(user, fixture('tradingview-unix.csv'), { instrument: 'ES' });
    // Four bars 300 s apart → 5m, 14:30 … 14:45.
    expect(answer).toMatchObject({
      format: 'tradingview',
      timeframe: '5m',
      received: 4,
      from: '2026-11-02T14:30:00.000Z',
      to: '2026-11-02T14:45:00.000Z',
    });
    const bars = await h.core().bars.range(user, 'ES', 300, 0, ms('2027-01-01T00:00:00Z'));
    expect(bars[1]).toEqual({ time: ms('2026-11-02T14:35:00Z'), open: 5003, high: 5004, low: 4998.5, close: 4999, volume: 3900 });
  });

  it('reads a TradingView export in ISO time at the chart’s offset: 09:30-05:00 is 14:30Z', async () => {
    const user = await newUser(h.core());
    const answer = await h.core().bars.importFile(user, fixture('tradingview-iso.csv'), { instrument: 'ES' });
    expect(answer).toMatchObject({
      format: 'tradingview',
      timeframe: '5m',
      received: 3,
      from: '2026-11-02T14:30:00.000Z',
      to: '2026-11-02T14:40:00.000Z',
    });
  });

  it('reads a NinjaTrader 8 export: UTC end stamps become starts (143100 ends the 14:30 bar)', async () => {
    const user = await newUser(h.core());
    const answer = await h.core().bars.importFile(user, fixture('ninjatrader8.txt'), { instrument: 'ES 12-26' });
    expect(answer).toMatchObject({
      format: 'ninjatrader8',
      timeframe: '1m',
      received: 3,
      from: '2026-11-02T14:30:00.000Z',
      to: '2026-11-02T14:32:00.000Z',
    });
    const bars = await h.core().bars.range(user, 'ES 12-26', 60, 0, ms('2027-01-01T00:00:00Z'));
    expect(bars[0]).toEqual({
      time: ms('2026-11-02T14:30:00Z'),
      open: 5000.25,
      high: 5001.5,
      low: 4999.75,
      close: 5001,
      volume: 1200,
    });
  });

  it('reads a NinjaTrader 8 file in the sourceTz given: 093100 New York ends the 14:30Z bar', async () => {
    const user = await newUser(h.core());
    const text = '20261102 093100;5000.25;5001.5;4999.75;5001;1200\n20261102 093200;5001;5002;5000.5;5001.75;900\n';
    const answer = await h
      .core()
      .bars.importFile(user, { open: () => [Buffer.from(text)] }, { instrument: 'ES', sourceTz: 'America/New_York' });
    expect(answer).toMatchObject({ format: 'ninjatrader8', from: '2026-11-02T14:30:00.000Z', to: '2026-11-02T14:31:00.000Z' });
  });

  it('reads a MetaTrader 5 export in server time: 16:30 EET (UTC+2) is 14:30Z; TICKVOL stands in where VOL is 0', async () => {
    const user = await newUser(h.core());
    const answer = await h
      .core()
      .bars.importFile(user, fixture('metatrader5.csv'), { instrument: 'US500', sourceTz: 'Europe/Athens' });
    expect(answer).toMatchObject({
      format: 'metatrader5',
      timeframe: '15m',
      received: 3,
      from: '2026-11-02T14:30:00.000Z',
      to: '2026-11-02T15:00:00.000Z',
    });
    const bars = await h.core().bars.range(user, 'US500', 900, 0, ms('2027-01-01T00:00:00Z'));
    expect(bars.map((b) => b.volume)).toEqual([3600, 3900, 701]);
  });
});
