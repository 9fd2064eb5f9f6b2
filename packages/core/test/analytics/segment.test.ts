/**
 * The statistics monoid: any split of a run of trades into consecutive segments, appended, gives
 * the state of feeding the trades one by one; and the R sums are the exact integer sums.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Segment } from '../../src/summaries/segment.js';
import { at } from './support.js';

const rArb = fc.oneof(
  fc.constant(null),
  fc.integer({ min: -500_000_000, max: 2_000_000_000 }).map((n) => n / 1e8),
  // Beyond 2^50 ÷ 1e8 (the bigint path) and near it, where the double sums must flush early.
  fc.integer({ min: -3e14, max: 3e14 }).map((n) => n / 10),
  fc.constantFrom(11_258_999.06842624, -11_258_999.06842625, 90_000_000.12345678),
);
const tradeArb = fc.record({ result: fc.integer({ min: -300, max: 300 }).map((n) => (n % 7 === 0 ? 0 : n / 4)), r: rArb });

describe('segment', () => {
  it('appending any split of the trades equals adding them one by one', () => {
    fc.assert(
      fc.property(fc.array(tradeArb, { maxLength: 60 }), fc.array(fc.nat(60), { maxLength: 8 }), (trades, cuts) => {
        const facts = trades.map((t, i) => at(new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(), t.result, t.r));
        const whole = new Segment();
        for (const f of facts) whole.add(f);
        const bounds = [...new Set([0, ...cuts.map((c) => c % (facts.length + 1)), facts.length])].sort((a, b) => a - b);
        const folded = new Segment();
        for (let i = 1; i < bounds.length; i++) {
          const part = new Segment();
          for (const f of facts.slice(bounds[i - 1], bounds[i])) part.add(f);
          folded.append(part.state());
        }
        const state = whole.state();
        expect(folded.state()).toEqual(state);
        const xs = trades.flatMap((t) => (t.r === null ? [] : [BigInt(Math.round(t.r * 1e8))]));
        expect(state.rSum).toBe(xs.reduce((a, x) => a + x, 0n));
        expect(state.rSq).toBe(xs.reduce((a, x) => a + x * x, 0n));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the squares exact over many large R values (the double sums flush before 2^53)', () => {
    const seg = new Segment();
    let sq = 0n;
    for (let i = 0; i < 5000; i++) {
      const r = (i % 2 === 0 ? 1 : -1) * (9_000_000 + i * 0.12345678);
      seg.add(at('2026-01-02T00:00:00Z', r > 0 ? 1 : -1, r));
      const x = BigInt(Math.round(r * 1e8));
      sq += x * x;
    }
    expect(seg.state().rSq).toBe(sq);
  });
});
