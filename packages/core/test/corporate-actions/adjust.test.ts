import { describe, expect, it } from 'vitest';
import {
  applySplit,
  renameSymbol,
  splitPosition,
  splitPrice,
  splitQuantity,
  undoSplit,
  undoSplitPosition,
  unsplitPrice,
  unsplitQuantity,
} from '../../src/corporate-actions/adjust.js';

const t0 = Date.parse('2026-08-25T14:30:00Z');
const effectiveAt = Date.parse('2026-08-31T00:00:00Z');
const t2 = Date.parse('2026-09-02T15:00:00Z');
const forward = { new: 4, old: 1 };
const reverse = { new: 1, old: 10 };

describe('split arithmetic', () => {
  it('multiplies quantities by new ÷ old and divides prices by it, in exact decimals', () => {
    // 4:1: 100 shares → 400; 200.00 → 50.00; a stop of 190 → 47.50.
    expect(splitQuantity(100, forward)).toBe(400);
    expect(splitPrice(200, forward)).toBe(50);
    expect(splitPrice(190, forward)).toBe(47.5);
    // 1:10 reverse: 105 shares → 10.5; 2.07 → 20.7 (not 20.699999999999996).
    expect(splitQuantity(105, reverse)).toBe(10.5);
    expect(splitPrice(2.07, reverse)).toBe(20.7);
    // 3:2: 0.1 × 3 ÷ 2 = 0.15; 100.01 × 2 ÷ 3 = 66.67333… → 66.6733333333 (10 decimals, half away from zero).
    expect(splitQuantity(0.1, { new: 3, old: 2 })).toBe(0.15);
    expect(splitPrice(100.01, { new: 3, old: 2 })).toBe(66.6733333333);
  });

  it('rounds what does not divide to 8 decimals (sizes) and 10 (prices), and undoes it back to the number given', () => {
    // 3:1 of 100.00: 33.3333333333…; undone, 100 again (not 99.9999999999).
    expect(splitPrice(100, { new: 3, old: 1 })).toBe(33.3333333333);
    expect(unsplitPrice(33.3333333333, { new: 3, old: 1 })).toBe(100);
    // 1:3 reverse of 100 shares: 33.33333333 (8 decimals); undone, 100.
    expect(splitQuantity(100, { new: 1, old: 3 })).toBe(33.33333333);
    expect(unsplitQuantity(33.33333333, { new: 1, old: 3 })).toBe(100);
    for (const ratio of [forward, reverse, { new: 3, old: 2 }, { new: 7, old: 3 }, { new: 1, old: 1000 }]) {
      for (const price of [0.0001, 1.23, 99.99, 250.05, 4321.125, 123456.78]) {
        expect(unsplitPrice(splitPrice(price, ratio), ratio), `${price} ${ratio.new}:${ratio.old}`).toBe(price);
      }
      for (const quantity of [1, 3, 0.5, 17, 105, 12345]) {
        expect(unsplitQuantity(splitQuantity(quantity, ratio), ratio), `${quantity} ${ratio.new}:${ratio.old}`).toBe(quantity);
      }
    }
  });

  it('splits only the executions before the split, keeping their other fields', () => {
    const before = [
      { time: t0, quantity: 100, price: 200, commissionMicros: 1_000_000, execKey: 'id:E1' },
      { time: t2, quantity: 40, price: 55, commissionMicros: 500_000, execKey: 'id:E2' },
    ];
    const split = { effectiveAt, ratio: forward };
    const after = applySplit(before, split);
    expect(after).toEqual([
      { time: t0, quantity: 400, price: 50, commissionMicros: 1_000_000, execKey: 'id:E1' },
      { time: t2, quantity: 40, price: 55, commissionMicros: 500_000, execKey: 'id:E2' },
    ]);
    expect(before[0]).toMatchObject({ quantity: 100, price: 200 });
    expect(undoSplit(after, split)).toEqual(before);
  });

  it('splits an open position: size, entry, stop and target; fees and the rest stay', () => {
    const position = { positionSize: 100, entryPrice: 200, stopLoss: 190, takeProfit: 240, fees: 1, realizedMicros: 0 };
    // 100 × 4 = 400; 200 ÷ 4 = 50; 190 ÷ 4 = 47.5; 240 ÷ 4 = 60.
    const split = splitPosition(position, forward);
    expect(split).toEqual({ positionSize: 400, entryPrice: 50, stopLoss: 47.5, takeProfit: 60, fees: 1, realizedMicros: 0 });
    expect(undoSplitPosition(split, forward)).toEqual(position);
    expect(splitPosition({ positionSize: 1, entryPrice: 10, stopLoss: null, takeProfit: null }, reverse)).toEqual({
      positionSize: 0.1,
      entryPrice: 100,
      stopLoss: null,
      takeProfit: null,
    });
  });
});

describe('renameSymbol', () => {
  it('renames the records of the old symbol before the change, and a rename back undoes it', () => {
    const before = [
      { time: t0, instrument: 'FB', quantity: 10 },
      { time: t0, instrument: 'AAPL', quantity: 5 },
      { time: t2, instrument: 'FB', quantity: 3 },
    ];
    const change = { effectiveAt, from: 'FB', to: 'META' };
    const after = renameSymbol(before, change);
    expect(after.map((r) => r.instrument)).toEqual(['META', 'AAPL', 'FB']);
    expect(renameSymbol(after, { effectiveAt, from: 'META', to: 'FB' })).toEqual(before);
  });
});
