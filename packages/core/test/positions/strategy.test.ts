import { describe, expect, it } from 'vitest';
import { type LegShape, strategyOf } from '../../src/positions/strategy.js';

const APR = '2026-04-17';
const MAY = '2026-05-15';

/** An option leg of `quantity` contracts (multiplier 100 unless given). */
function call(strike: number, quantity: number, expiry = APR, multiplier = 100): LegShape {
  return { assetClass: 'option', right: 'call', strike, expiry, quantity, multiplier };
}
function put(strike: number, quantity: number, expiry = APR, multiplier = 100): LegShape {
  return { assetClass: 'option', right: 'put', strike, expiry, quantity, multiplier };
}
function stock(quantity: number): LegShape {
  return { assetClass: 'stock', right: null, strike: null, expiry: null, quantity, multiplier: 1 };
}

describe('strategyOf: single legs and legs without options', () => {
  it('answers null for no leg and for one leg', () => {
    expect(strategyOf([])).toBeNull();
    expect(strategyOf([call(570, 1)])).toBeNull();
    expect(strategyOf([stock(100)])).toBeNull();
  });

  it('answers null for legs without an option (two stocks)', () => {
    expect(strategyOf([stock(100), { ...stock(-50), assetClass: 'stock' }])).toBeNull();
  });

  it('leaves out legs of quantity 0: a vertical with a netted-away third leg is a vertical', () => {
    expect(strategyOf([call(570, 2), call(575, -2), call(580, 0)])).toBe('vertical');
    expect(strategyOf([call(570, 2), call(575, 0)])).toBeNull();
  });
});

describe('strategyOf: vertical', () => {
  it('is two options of one right and expiry, different strikes, opposite sides, equal size', () => {
    expect(strategyOf([call(570, 2), call(575, -2)])).toBe('vertical');
    expect(strategyOf([put(500, -1), put(495, 1)])).toBe('vertical');
  });

  it('near misses are custom: unequal size (a ratio spread), same side, other rights, other expiries', () => {
    expect(strategyOf([call(570, 1), call(575, -2)])).toBe('custom');
    expect(strategyOf([call(570, 1), call(575, 1)])).toBe('custom');
    expect(strategyOf([call(570, 1), put(575, -1)])).toBe('custom');
    // Different strikes and expiries: a diagonal, custom.
    expect(strategyOf([call(570, 1), call(575, -1, MAY)])).toBe('custom');
  });

  it('compares size as quantity × multiplier: 10 minis against 1 standard contract', () => {
    expect(strategyOf([call(570, 10, APR, 10), call(575, -1, APR, 100)])).toBe('vertical');
    expect(strategyOf([call(570, 1, APR, 10), call(575, -1, APR, 100)])).toBe('custom');
  });
});

describe('strategyOf: straddle and strangle', () => {
  it('a straddle is a call and a put of one strike and expiry on the same side, equal size', () => {
    expect(strategyOf([call(100, 1), put(100, 1)])).toBe('straddle');
    expect(strategyOf([call(100, -3), put(100, -3)])).toBe('straddle');
  });

  it('a strangle is the same with different strikes (a guts strangle too)', () => {
    expect(strategyOf([call(110, -1), put(90, -1)])).toBe('strangle');
    expect(strategyOf([call(90, 1), put(110, 1)])).toBe('strangle');
  });

  it('near misses are custom: opposite sides (a risk reversal), unequal size, other expiries', () => {
    expect(strategyOf([call(100, 1), put(100, -1)])).toBe('custom');
    expect(strategyOf([call(110, -1), put(90, -2)])).toBe('custom');
    expect(strategyOf([call(100, 1), put(100, 1, MAY)])).toBe('custom');
  });
});

describe('strategyOf: calendar', () => {
  it('is one right and strike, two expiries, opposite sides, equal size', () => {
    expect(strategyOf([call(100, -1, APR), call(100, 1, MAY)])).toBe('calendar');
    expect(strategyOf([put(100, 2, APR), put(100, -2, MAY)])).toBe('calendar');
  });

  it('near misses are custom: same side, unequal size, a diagonal (another strike)', () => {
    expect(strategyOf([call(100, 1, APR), call(100, 1, MAY)])).toBe('custom');
    expect(strategyOf([call(100, -1, APR), call(100, 2, MAY)])).toBe('custom');
    expect(strategyOf([call(100, -1, APR), call(105, 1, MAY)])).toBe('custom');
  });
});

describe('strategyOf: iron condor', () => {
  it('is a put vertical below a call vertical of one expiry, both credit (short) or both debit (long)', () => {
    // Short: long 490 put, short 495 put, short 505 call, long 510 call.
    expect(strategyOf([put(490, 1), put(495, -1), call(505, -1), call(510, 1)])).toBe('iron condor');
    // Long (reverse): both verticals debit.
    expect(strategyOf([put(490, -2), put(495, 2), call(505, 2), call(510, -2)])).toBe('iron condor');
    // Wings of different widths are still an iron condor.
    expect(strategyOf([put(480, 1), put(495, -1), call(505, -1), call(510, 1)])).toBe('iron condor');
  });

  it('near misses are custom: one credit and one debit vertical, verticals that overlap, two expiries, unequal size', () => {
    expect(strategyOf([put(490, 1), put(495, -1), call(505, 1), call(510, -1)])).toBe('custom');
    expect(strategyOf([put(500, 1), put(510, -1), call(505, -1), call(515, 1)])).toBe('custom');
    expect(strategyOf([put(490, 1), put(495, -1), call(505, -1, MAY), call(510, 1, MAY)])).toBe('custom');
    expect(strategyOf([put(490, 2), put(495, -2), call(505, -1), call(510, 1)])).toBe('custom');
    expect(strategyOf([put(490, 1), put(495, -1), put(505, -1), put(510, 1)])).toBe('custom');
  });
});

describe('strategyOf: butterfly', () => {
  it('is three equidistant strikes of one right and expiry at 1:-2:1 or -1:2:-1', () => {
    expect(strategyOf([call(95, 1), call(100, -2), call(105, 1)])).toBe('butterfly');
    expect(strategyOf([put(105, -3), put(100, 6), put(95, -3)])).toBe('butterfly');
  });

  it('an iron butterfly (an iron condor whose inner strikes meet) is a butterfly', () => {
    expect(strategyOf([put(95, 1), put(100, -1), call(100, -1), call(105, 1)])).toBe('butterfly');
  });

  it('near misses are custom: strikes not equidistant (broken wing), other ratios, two rights, two expiries', () => {
    expect(strategyOf([call(95, 1), call(100, -2), call(110, 1)])).toBe('custom');
    expect(strategyOf([call(95, 1), call(100, -1), call(105, 1)])).toBe('custom');
    expect(strategyOf([call(95, 1), call(100, -2), call(105, 2)])).toBe('custom');
    expect(strategyOf([call(95, 1), put(100, -2), call(105, 1)])).toBe('custom');
    expect(strategyOf([call(95, 1), call(100, -2), call(105, 1, MAY)])).toBe('custom');
  });
});

describe('strategyOf: covered call', () => {
  it('is long stock and short calls of the same size: 100 shares against 1 call of multiplier 100', () => {
    expect(strategyOf([stock(100), call(150, -1)])).toBe('covered call');
    expect(strategyOf([call(150, -3), stock(300)])).toBe('covered call');
  });

  it('near misses are custom: shares that do not match the calls, a long call, a put, short stock', () => {
    expect(strategyOf([stock(200), call(150, -1)])).toBe('custom');
    expect(strategyOf([stock(100), call(150, 1)])).toBe('custom');
    expect(strategyOf([stock(100), put(150, -1)])).toBe('custom');
    expect(strategyOf([stock(-100), call(150, -1)])).toBe('custom');
    expect(strategyOf([stock(100), call(150, -1), put(140, 1)])).toBe('custom');
  });
});

describe('strategyOf: custom', () => {
  it('is any other set of two or more legs with an option', () => {
    expect(strategyOf([call(95, 1), call(100, -1), call(105, 1), call(110, -1), call(115, 1)])).toBe('custom');
    expect(strategyOf([put(90, 1), call(100, 1), call(110, -1)])).toBe('custom');
  });

  it('an option leg without its strike, expiry or right cannot be told: custom', () => {
    expect(strategyOf([call(570, 2), { ...call(575, -2), strike: null }])).toBe('custom');
    expect(
      strategyOf([
        { ...call(570, 1), assetClass: null },
        { ...put(570, 1), expiry: null },
      ]),
    ).toBe('custom');
  });
});
