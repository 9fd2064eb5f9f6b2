/**
 * The exact parts of currency conversion (docs/analytics.md, "Currencies"): rates as ratios,
 * conversion of micros to the micro, the rate book's direct, inverse and cross rates and its age
 * limit, and the rates CSV reader's all-or-nothing errors.
 */
import { describe, expect, it } from 'vitest';
import { isCoreError } from '../../src/shared/errors.js';
import { readRatesCsv } from '../../src/fx/rates-csv.js';
import { MAX_RATE_AGE_DAYS, rateBook } from '../../src/fx/rate-book.js';
import { convertMicros, inverse, parseRate, rateText, times } from '../../src/fx/ratio.js';

const row = (day: string, base: string, quote: string, rate: string, source = 'user') => ({ day, base, quote, rate, source });

describe('rates as exact ratios', () => {
  it('reads decimals exactly and refuses anything else', () => {
    expect(parseRate('1.0834')).toEqual({ num: 10834n, den: 10000n });
    expect(parseRate('162')).toEqual({ num: 162n, den: 1n });
    for (const bad of ['0', '0.000', '-1.2', '1e3', '', 'abc', '1.', '.5']) expect(parseRate(bad)).toBeUndefined();
  });

  it('converts micros rounding half away from zero, and crosses without rounding first', () => {
    // 246.00 EUR × 1.08 = 265.68 USD.
    expect(convertMicros(246_000_000, parseRate('1.08') as never)).toBe(265_680_000);
    // −30,000 JPY in USD through EUR: × 1.0850 ÷ 163.00 = −199.6932515… → −199.693252 (half away from zero).
    const jpyUsd = times(inverse(parseRate('163.00') as never), parseRate('1.0850') as never);
    expect(convertMicros(-30_000_000_000, jpyUsd)).toBe(-199_693_252);
    // 0.5 micro rounds away from zero both ways: 1 micro × 1/2.
    expect(convertMicros(1, { num: 1n, den: 2n })).toBe(1);
    expect(convertMicros(-1, { num: 1n, den: 2n })).toBe(-1);
    expect(rateText(jpyUsd)).toBe('0.0066564417');
  });
});

describe('the rate book', () => {
  const book = rateBook([
    row('2026-03-02', 'EUR', 'USD', '1.0800'),
    row('2026-03-03', 'EUR', 'USD', '1.0850'),
    row('2026-03-02', 'EUR', 'JPY', '162.00', 'ecb'),
  ]);

  it('answers the direct rate, its inverse and a cross through EUR', () => {
    expect(book.rate('EUR', 'USD', '2026-03-03')).toMatchObject({ day: '2026-03-03', source: 'user', ratio: { num: 10850n } });
    // 1 USD in EUR on 2026-03-02 = 1 ÷ 1.08.
    expect(book.rate('USD', 'EUR', '2026-03-02')?.ratio).toEqual({ num: 10000n, den: 10800n });
    // 1 JPY in USD = 1.08 ÷ 162; the sources of both legs are named.
    const cross = book.rate('JPY', 'USD', '2026-03-02');
    expect(cross).toMatchObject({ day: '2026-03-02', source: 'ecb+user' });
    expect(convertMicros(50_000_000_000, cross?.ratio as never)).toBe(333_333_333);
  });

  it(`takes the latest rate at most ${MAX_RATE_AGE_DAYS} days old, never an older one or a later one`, () => {
    // Saturday 2026-03-07 takes Tuesday's rate (4 days old); Sunday 2026-03-08 has none (5 days).
    expect(book.rate('EUR', 'USD', '2026-03-07')?.day).toBe('2026-03-03');
    expect(book.rate('EUR', 'USD', '2026-03-08')).toBeUndefined();
    // Before the first rate: none, even though a later one exists.
    expect(book.rate('EUR', 'USD', '2026-03-01')).toBeUndefined();
    // A pair no rate connects: none (never 1).
    expect(book.rate('CAD', 'USD', '2026-03-02')).toBeUndefined();
    expect(book.rate('USD', 'USD', '2026-03-02')?.source).toBe('same');
  });
});

describe('the rates CSV', () => {
  it('reads date,pair,rate with any pair spelling and columns in any order', () => {
    expect(readRatesCsv('rate;date;pair\n1.0834;2026-03-02;eurusd\n161.2;2026-03-02;EUR/JPY\n')).toEqual([
      { date: '2026-03-02', base: 'EUR', quote: 'USD', rate: '1.0834' },
      { date: '2026-03-02', base: 'EUR', quote: 'JPY', rate: '161.2' },
    ]);
    // No header: date, pair, rate.
    expect(readRatesCsv('2026-03-02,USD-CAD,1.3612')).toEqual([
      { date: '2026-03-02', base: 'USD', quote: 'CAD', rate: '1.3612' },
    ]);
  });

  it('refuses the whole file naming each bad line, and an empty one', () => {
    const bad = 'date,pair,rate\n2026-03-02,EUR/USD,1.08\n2026-02-30,EUR/USD,1.08\n2026-03-03,EURO,1.08\n2026-03-04,EUR/USD,0\n';
    try {
      readRatesCsv(bad);
      expect.unreachable();
    } catch (e) {
      expect(isCoreError(e, 'validation_failed')).toBe(true);
      expect((e as { errors: { path: string }[] }).errors.map((x) => x.path)).toEqual(['line 3', 'line 4', 'line 5']);
    }
    expect(() => readRatesCsv('date,pair,rate\n')).toThrow(/holds no rates/);
  });
});
