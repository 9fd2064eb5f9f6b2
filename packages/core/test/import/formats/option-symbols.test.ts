import { describe, expect, it } from 'vitest';
import {
  parseIbkrOptionSymbol,
  parseSchwabOptionSymbol,
  parseThinkorswimExpiry,
  parseThinkorswimOption,
} from '../../../src/import/index.js';

describe('option spellings', () => {
  it('reads IBKR statement and Flex (OCC-style) option symbols', () => {
    expect(parseIbkrOptionSymbol('CLOV 16JUL21 20.0 C')).toEqual({
      underlying: 'CLOV',
      expiry: '2021-07-16',
      strike: 20,
      right: 'call',
    });
    expect(parseIbkrOptionSymbol('ES 20DEC24 5000 P')).toEqual({
      underlying: 'ES',
      expiry: '2024-12-20',
      strike: 5000,
      right: 'put',
    });
    expect(parseIbkrOptionSymbol('BRK.B 5JAN26 412.5 P')).toMatchObject({
      underlying: 'BRK.B',
      expiry: '2026-01-05',
      strike: 412.5,
    });
    expect(parseIbkrOptionSymbol('CLOV  210716C00020000')).toEqual({
      underlying: 'CLOV',
      expiry: '2021-07-16',
      strike: 20,
      right: 'call',
    });
    expect(parseIbkrOptionSymbol('SPY   260320P00572500')).toMatchObject({ strike: 572.5, right: 'put' });
  });

  it('refuses what is not an IBKR option (stocks, futures, impossible dates)', () => {
    for (const s of ['AAPL', 'ESZ4', 'CLOV 31FEB21 20.0 C', 'CLOV 16XYZ21 20 C', 'CLOV 16JUL21 0 C']) {
      expect(parseIbkrOptionSymbol(s), s).toBeUndefined();
    }
  });

  it('reads thinkorswim expiries and statement descriptions', () => {
    expect(parseThinkorswimExpiry('25 MAR 26')).toBe('2026-03-25');
    expect(parseThinkorswimExpiry('MAR 26')).toBeUndefined();
    expect(parseThinkorswimOption('SPY 100 (Weeklys) 21 MAR 26 570 CALL')).toEqual({
      underlying: 'SPY',
      expiry: '2026-03-21',
      strike: 570,
      right: 'call',
    });
    expect(parseThinkorswimOption('AAPL 17 APR 26 182.5 PUT')).toMatchObject({ strike: 182.5, right: 'put' });
    expect(parseThinkorswimOption('AAPL')).toBeUndefined();
  });

  it("reads Schwab's option symbols", () => {
    expect(parseSchwabOptionSymbol('SPY 03/21/2025 570.00 C')).toEqual({
      underlying: 'SPY',
      expiry: '2025-03-21',
      strike: 570,
      right: 'call',
    });
    expect(parseSchwabOptionSymbol('AAPL 02/30/2025 150.00 P')).toBeUndefined();
  });
});
