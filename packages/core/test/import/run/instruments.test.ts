import { describe, expect, it } from 'vitest';
import { FUTURES, parseFuturesContract } from '../../../src/import/index.js';

const NOW = Date.UTC(2026, 10, 23);

describe('the futures catalogue', () => {
  it('resolves every contract spelling brokers use to root, month and spec', () => {
    const cases: Array<[string, string, string, number]> = [
      ['ESZ6', 'ES', '2026-12', 50],
      ['ESZ24', 'ES', '2024-12', 50],
      ['/ESZ24', 'ES', '2024-12', 50],
      ['ES DEC24', 'ES', '2024-12', 50],
      ['MNQ MAR25', 'MNQ', '2025-03', 2],
      ['MNQ 03-26', 'MNQ', '2026-03', 2],
      ['MESH7', 'MES', '2027-03', 5],
      ['/CLF27', 'CL', '2027-01', 1000],
      ['GC APR26', 'GC', '2026-04', 100],
      ['M6EZ6', 'M6E', '2026-12', 12500],
      ['ZNH27', 'ZN', '2027-03', 1000],
      ['MBTZ6', 'MBT', '2026-12', 0.1],
      // TradingView names a contract with a four-digit year.
      ['ESM2026', 'ES', '2026-06', 50],
      ['NQZ2024', 'NQ', '2024-12', 20],
    ];
    for (const [symbol, root, month, pointValue] of cases) {
      const c = parseFuturesContract(symbol, NOW);
      expect({ symbol, root: c?.root, month: c?.month, pointValue: c?.spec?.pointValue }).toEqual({
        symbol,
        root,
        month,
        pointValue,
      });
    }
  });

  it('knows the common minis and micros with point value, tick size and currency', () => {
    const expected: Record<string, [number, number]> = {
      ES: [50, 0.25],
      MES: [5, 0.25],
      NQ: [20, 0.25],
      MNQ: [2, 0.25],
      YM: [5, 1],
      MYM: [0.5, 1],
      RTY: [50, 0.1],
      M2K: [5, 0.1],
      CL: [1000, 0.01],
      MCL: [100, 0.01],
      QM: [500, 0.025],
      NG: [10000, 0.001],
      GC: [100, 0.1],
      MGC: [10, 0.1],
      SI: [5000, 0.005],
      SIL: [1000, 0.005],
      HG: [25000, 0.0005],
      ZB: [1000, 1 / 32],
      ZN: [1000, 1 / 64],
      ZC: [50, 0.25],
      '6E': [125000, 0.00005],
      M6E: [12500, 0.0001],
    };
    for (const [root, [pointValue, tickSize]] of Object.entries(expected)) {
      expect(FUTURES.get(root)).toMatchObject({ root, pointValue, tickSize, currency: 'USD' });
    }
    for (const spec of FUTURES.values()) {
      expect(spec.pointValue).toBeGreaterThan(0);
      expect(spec.tickSize).toBeGreaterThan(0);
      expect(spec.currency).toMatch(/^[A-Z]{3}$/);
    }
  });

  it('reads a one-digit year in the current decade, or the next when that would be over a year past', () => {
    expect(parseFuturesContract('ESZ4', Date.UTC(2024, 10, 1))?.month).toBe('2024-12');
    expect(parseFuturesContract('ESZ4', NOW)?.month).toBe('2034-12');
  });

  it('does not take an unknown root for a known one', () => {
    expect(parseFuturesContract('QQZ6', NOW)).toMatchObject({ root: 'QQ', spec: undefined });
  });
});
