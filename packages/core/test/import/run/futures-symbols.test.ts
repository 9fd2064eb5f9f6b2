/** Continuous futures spellings (docs/decisions.md, "Continuous futures"): each platform's, and near misses. */
import { describe, expect, it } from 'vitest';
import { futuresInstrument, futuresRoot, parseContinuousFuture } from '../../../src/import/values/futures-symbols.js';

describe('continuous futures symbols', () => {
  it('reads each platform’s spelling as the root, its rank and the catalogue’s point value', () => {
    const cases: Array<[string, string, number, number]> = [
      ['ES1!', 'ES', 1, 50], // TradingView front month
      ['CME_MINI:NQ1!', 'NQ', 1, 20], // with TradingView's exchange prefix
      ['CME_MINI:MNQ1!', 'MNQ', 1, 2],
      ['nymex:cl2!', 'CL', 2, 1000], // the next month, any case
      ['COMEX:GC1!', 'GC', 1, 100],
      ['CME:6E1!', '6E', 1, 125000], // a root that starts with a digit
      ['CME_MINI:M2K1!', 'M2K', 1, 5],
      ['@ES', 'ES', 1, 50], // TradeStation
      ['@NQ#', 'NQ', 1, 20], // IQFeed front month
      ['@NQ#C', 'NQ', 1, 20], // IQFeed back-adjusted
      ['ES=F', 'ES', 1, 50], // Yahoo Finance
      ['/ES', 'ES', 1, 50], // thinkorswim
      [' /mes ', 'MES', 1, 5],
    ];
    for (const [symbol, root, rank, pointValue] of cases) {
      const c = parseContinuousFuture(symbol);
      expect({ symbol, root: c?.root, rank: c?.rank, pointValue: c?.spec?.pointValue }).toEqual({
        symbol,
        root,
        rank,
        pointValue,
      });
    }
  });

  it('reads an unknown root without a spec (the import then asks for its point value)', () => {
    expect(parseContinuousFuture('CME:XYZ1!')).toEqual({ root: 'XYZ', rank: 1, spec: undefined });
  });

  it('refuses near misses: no rank, rank 0 or two digits, other suffixes, blanks, contracts, too long a root', () => {
    for (const symbol of [
      'ES',
      'ES!',
      'ES1',
      'ES0!',
      'ES10!',
      'ES=X', // Yahoo's forex suffix
      'ESF',
      '=F',
      '@',
      '/',
      '1!',
      '@ES#X',
      'E S1!',
      'ESZ24', // a contract, read by parseFuturesContract
      '/ESZ24',
      '/ESZ4',
      '@ESZ4',
      'ESZ41!',
      'ABCDE1!',
      '/ABCDE',
      'EURUSD',
      'AAPL',
    ]) {
      expect({ symbol, read: parseContinuousFuture(symbol) }).toEqual({ symbol, read: undefined });
    }
  });

  it('gives the root of contract and continuous spellings alike', () => {
    expect(futuresRoot('ESZ24')?.root).toBe('ES');
    expect(futuresRoot('ESM2026')?.root).toBe('ES');
    expect(futuresRoot('ES=F')?.spec?.pointValue).toBe(50);
    expect(futuresRoot('AAPL')).toBeUndefined();
  });

  it('books the front month under its root, a later month as TradingView writes it, anything else as written', () => {
    expect(['ES1!', 'CME_MINI:ES1!', '@ES', '@ES#', 'ES=F', '/ES'].map(futuresInstrument)).toEqual([
      'ES',
      'ES',
      'ES',
      'ES',
      'ES',
      'ES',
    ]);
    expect(futuresInstrument('CME_MINI:ES2!')).toBe('ES2!');
    expect(futuresInstrument('/ESZ24')).toBe('/ESZ24');
    expect(futuresInstrument('MNQ MAR25')).toBe('MNQ MAR25');
    expect(futuresInstrument('XYZ1!')).toBe('XYZ');
  });
});
