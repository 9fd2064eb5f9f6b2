import { describe, expect, it } from 'vitest';
import { accumulate, createByCategoryAccumulator } from '../../src/analytics/index.js';
import type { Category, ClosedTradeFact } from '../../src/analytics/index.js';
import { toMicros } from '../../src/shared/money.js';

function trade(
  id: string,
  instrument: string,
  setupType: string | null,
  tags: string[],
  entry: string,
  result: number,
  rMultiple: number | null,
): ClosedTradeFact {
  const entryTime = Date.parse(entry);
  return {
    id,
    instrument,
    setupType,
    tags,
    account: null,
    assetClass: null,
    strategy: null,
    entryTime,
    exitTime: entryTime + 3_600_000,
    resultMicros: toMicros(result),
    feesMicros: 0,
    rMultiple,
  };
}

// Entry times: A Mon 13:30Z (NY 09:30 Mon), B Tue 14:05Z (NY 10:05 Tue),
// C Tue 03:00Z (NY 23:00 Mon), D Sun 01:00Z (NY 21:00 Sat).
const facts = [
  trade('A', 'ES', 'breakout', ['a', 'b'], '2026-03-09T13:30:00Z', 100, 1),
  trade('C', 'ES', 'breakout', ['b'], '2026-03-10T03:00:00Z', -20, null),
  trade('B', 'NQ', null, [], '2026-03-10T14:05:00Z', -50, -0.5),
  trade('D', 'CL', 'reversal', ['a'], '2026-03-15T01:00:00Z', 0, 0),
];
const run = (category: Category, tz = 'America/New_York') => accumulate(createByCategoryAccumulator({ category, tz }), facts);
const short = (items: { name: string; trades: number; totalPnL: number }[]) => items.map((i) => [i.name, i.trades, i.totalPnL]);

describe('by category', () => {
  it('groups by instrument, sorted by P&L descending', () => {
    expect(run('instrument')).toEqual([
      { name: 'ES', trades: 2, wins: 1, losses: 1, winRate: 50, totalPnL: 80, profitFactor: 5, averageR: 1 },
      { name: 'CL', trades: 1, wins: 0, losses: 0, winRate: 0, totalPnL: 0, profitFactor: null, averageR: 0 },
      { name: 'NQ', trades: 1, wins: 0, losses: 1, winRate: 0, totalPnL: -50, profitFactor: 0, averageR: -0.5 },
    ]);
  });

  it('groups by setup with (none)', () => {
    expect(short(run('setup'))).toEqual([
      ['breakout', 2, 80],
      ['reversal', 1, 0],
      ['(none)', 1, -50],
    ]);
  });

  it('counts a trade once under each tag, (untagged) without', () => {
    expect(run('tag')).toEqual([
      { name: 'a', trades: 2, wins: 1, losses: 0, winRate: 50, totalPnL: 100, profitFactor: null, averageR: 0.5 },
      { name: 'b', trades: 2, wins: 1, losses: 1, winRate: 50, totalPnL: 80, profitFactor: 5, averageR: 1 },
      { name: '(untagged)', trades: 1, wins: 0, losses: 1, winRate: 0, totalPnL: -50, profitFactor: 0, averageR: -0.5 },
    ]);
    const dup = accumulate(createByCategoryAccumulator({ category: 'tag', tz: 'UTC' }), [
      trade('X', 'ES', null, ['x', 'x'], '2026-03-09T13:30:00Z', 5, null),
    ]);
    expect(short(dup)).toEqual([['x', 1, 5]]);
  });

  it('groups by local entry hour, sorted by hour', () => {
    expect(short(run('time'))).toEqual([
      ['09:00', 1, 100],
      ['10:00', 1, -50],
      ['21:00', 1, 0],
      ['23:00', 1, -20],
    ]);
    expect(short(run('time', 'UTC'))).toEqual([
      ['01:00', 1, 0],
      ['03:00', 1, -20],
      ['13:00', 1, 100],
      ['14:00', 1, -50],
    ]);
  });

  it('groups by local entry weekday, Monday first', () => {
    expect(short(run('weekday'))).toEqual([
      ['Monday', 2, 80],
      ['Tuesday', 1, -50],
      ['Saturday', 1, 0],
    ]);
    expect(short(run('weekday', 'UTC'))).toEqual([
      ['Monday', 1, 100],
      ['Tuesday', 2, -70],
      ['Sunday', 1, 0],
    ]);
  });

  it('breaks P&L ties by name', () => {
    const tie = accumulate(createByCategoryAccumulator({ category: 'instrument', tz: 'UTC' }), [
      trade('1', 'B', null, [], '2026-03-09T13:30:00Z', 10, null),
      trade('2', 'A', null, [], '2026-03-09T13:31:00Z', 10, null),
    ]);
    expect(tie.map((i) => i.name)).toEqual(['A', 'B']);
    expect(accumulate(createByCategoryAccumulator({ category: 'setup', tz: 'UTC' }), [])).toEqual([]);
  });
});
