import { describe, expect, it } from 'vitest';
import { tradingViewInstrument } from '../../../src/import/formats/builtin/tradingview-orders.js';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { detectedFormat, fillsOf, fixture, importFailure, importText, readRecords, sharedSample } from './support.js';

const text = fixture('tradingview-orders.csv');
const sample = sharedSample('tradingview-forex-orders.csv');

describe('TradingView order history', () => {
  it('is detected with and without the Status column', async () => {
    expect(await detectedFormat(text)).toBe('tradingview-orders');
    expect(await detectedFormat(sample)).toBe('tradingview-orders');
  });

  it('drops the exchange prefix and takes the asset class from it', () => {
    expect(tradingViewInstrument('FX_IDC:EURUSD')).toEqual({
      symbol: 'EURUSD',
      hints: { assetClass: 'forex', multiplier: 1, currency: 'USD' },
    });
    expect(tradingViewInstrument('NASDAQ:AAPL')).toEqual({ symbol: 'AAPL', hints: { assetClass: 'stock' } });
    expect(tradingViewInstrument('BINANCE:BTCUSDT')).toEqual({ symbol: 'BTCUSDT', hints: { assetClass: 'crypto' } });
    expect(tradingViewInstrument('CME_MINI:ESZ6')).toEqual({ symbol: 'ESZ6', hints: { assetClass: 'future' } });
    expect(tradingViewInstrument('MES1!')).toEqual({ symbol: 'MES1!', hints: { assetClass: 'future' } });
    expect(tradingViewInstrument('SOMEWHERE:XYZ')).toEqual({ symbol: 'XYZ', hints: {} });
  });

  it('keeps Filled orders only, timed at their Closing Time, with the order id as execution id', async () => {
    const fills = fillsOf(await readRecords('tradingview-orders', text));
    expect(fills.map((f) => f.execId)).toEqual([
      '3100000006',
      '3100000005',
      '3100000003',
      '3100000001',
      '3100000007',
      '3100000008',
    ]);
    expect(fills[2]).toMatchObject({
      symbol: 'GBPUSD',
      side: 'sell',
      quantity: 10000,
      price: 1.2729,
      commission: 0.25,
      assetClass: 'forex',
      currency: 'USD',
      time: { wall: { year: 2026, month: 3, day: 10, hour: 15, minute: 30, second: 45 } },
    });
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`TradingView order history import on ${db.name}`, () => {
    const h = useCore(db);

    it('matches the hand-computed net P&L of forex, stock and crypto trades', async () => {
      const user = await newUser(h.core());
      const { summary, trades } = await importText(h.core(), user, text);
      expect(summary).toMatchObject({ created: 3, skipped: 0 });
      // GBPUSD 10,000 units: 1.27450 → 1.27290 = −0.0016 × 10,000 = −16.00 − 0.50 commission = −16.50 (USD).
      // 14:00:01 EDT (DST began 8 March) = 18:00:01Z.
      expect(trades[0]).toMatchObject({
        instrument: 'GBPUSD',
        direction: 'long',
        multiplier: 1,
        fees: 0.5,
        result: -16.5,
        assetClass: 'forex',
        currency: 'USD',
        entryTime: '2026-03-10T18:00:01.000Z',
        exitTime: '2026-03-10T19:30:45.000Z',
      });
      // AAPL 10 shares: 225.40 → 227.15 = 17.50 − 2.00 = 15.50.
      expect(trades[1]).toMatchObject({
        instrument: 'AAPL',
        assetClass: 'stock',
        result: 15.5,
        exitTime: '2026-03-11T15:02:17.000Z',
      });
      // BTCUSDT 0.05: 68,000 → 68,500 = 25.00.
      expect(trades[2]).toMatchObject({ instrument: 'BTCUSDT', assetClass: 'crypto', positionSize: 0.05, result: 25 });
    });

    it('imports the shared forex sample: EURUSD 400,000 units, 1.17973 → 1.18032 = 236.00 USD', async () => {
      const user = await newUser(h.core());
      const { trades } = await importText(h.core(), user, sample);
      expect(trades).toHaveLength(1);
      expect(trades[0]).toMatchObject({
        instrument: 'EURUSD',
        direction: 'long',
        positionSize: 400000,
        multiplier: 1,
        fees: 0,
        result: 236,
        assetClass: 'forex',
        currency: 'USD',
        entryTime: '2026-02-25T23:20:19.000Z',
        exitTime: '2026-02-25T23:46:01.000Z',
      });
    });

    it('fails the whole import on one bad side, naming line, column and value, and writes nothing', async () => {
      const bad = text.replace('BINANCE:BTCUSDT,Sell,', 'BINANCE:BTCUSDT,Sold short,');
      expect(await importFailure(h.core(), bad)).toEqual({
        message: 'line 9, column Side: "Sold short" is not Buy or Sell',
        trades: 0,
      });
    });
  });
}
