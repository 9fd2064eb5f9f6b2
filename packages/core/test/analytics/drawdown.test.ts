/**
 * The drawdown fold as each of its readers gives it, pinned to the cent on one history: the
 * statistics' segment (maxDrawdown and its prefixes), the report's equity curve with its
 * underwater line, and the maxDrawdown alert's running state (cumulative P&L, peak, the trade
 * that made the peak) with its trigger. The peak starts at 0, and a return to the peak is no
 * new peak: the first trade at a maximum is the peak.
 */
import type { AlertRow, Repositories, TradeRow } from '@tj/core';
import { describe, expect, it } from 'vitest';
import { EMPTY } from '../../src/alerts/running-fold.js';
import { maxDrawdown } from '../../src/alerts/running-drawdown.js';
import type { ClosedTradeFact } from '../../src/analytics/index.js';
import { Segment } from '../../src/summaries/segment.js';
import { createEquityDrawdownAccumulator } from '../../src/reports/equity-drawdown.js';
import { toMicros } from '../../src/shared/money.js';

const M = 1_000_000;
/** Results in money, exits on three UTC days: a tie with the peak on day 1, a new peak as day 3's last trade. */
const HISTORY: Array<[exit: string, result: number]> = [
  ['2026-03-02T10:00:00Z', 100.25],
  ['2026-03-02T11:00:00Z', -40.1],
  ['2026-03-02T12:00:00Z', 40.1],
  ['2026-03-03T10:00:00Z', -150],
  ['2026-03-03T11:00:00Z', 0.01],
  ['2026-03-04T10:00:00Z', 200],
  ['2026-03-04T11:00:00Z', -0.26],
  ['2026-03-04T12:00:00Z', 0.27],
];
const facts: ClosedTradeFact[] = HISTORY.map(([exit, result], i) => ({
  id: `t${i + 1}`,
  instrument: 'ES',
  setupType: null,
  tags: [],
  account: null,
  assetClass: null,
  strategy: null,
  entryTime: Date.parse(exit) - 60_000,
  exitTime: Date.parse(exit),
  resultMicros: toMicros(result),
  feesMicros: 0,
  rMultiple: null,
}));
const rowOf = (f: ClosedTradeFact) => ({ id: f.id, userId: 'u', exitTime: f.exitTime, resultMicros: f.resultMicros }) as TradeRow;

describe('the drawdown fold', () => {
  it('gives the statistics segment its drawdown and prefixes', () => {
    const seg = new Segment();
    for (const f of facts) seg.add(f);
    expect(seg.state()).toMatchObject({ pnl: 150.27 * M, maxPrefix: 150.27 * M, minPrefix: -49.75 * M, maxDrawdown: 150 * M });
  });

  it('gives the report its curve: equity at each day’s end, the day’s deepest fall below the running peak and the fall it ended with', () => {
    const acc = createEquityDrawdownAccumulator({ tz: 'UTC', startingBalance: 1000 });
    for (const f of facts) acc.add(f);
    expect(acc.result()).toEqual([
      { date: '2026-03-02', equity: 1100.25, drawdown: 40.1, closingDrawdown: 0 },
      { date: '2026-03-03', equity: 950.26, drawdown: 150, closingDrawdown: 149.99 },
      { date: '2026-03-04', equity: 1150.27, drawdown: 0.26, closingDrawdown: 0 },
    ]);
  });

  it('gives the alert its running state, close by close and rebuilt, and its trigger', async () => {
    const tx = {
      trades: {
        async *closedOutcomes() {
          yield facts;
        },
      },
    } as unknown as Repositories;
    const want: Array<[cumulative: number, peak: number, peakKey: string]> = [
      [100.25, 100.25, 't1'],
      [60.15, 100.25, 't1'],
      [100.25, 100.25, 't1'],
      [-49.75, 100.25, 't1'],
      [-49.74, 100.25, 't1'],
      [150.26, 150.26, 't6'],
      [150, 150.26, 't6'],
      [150.27, 150.27, 't8'],
    ];
    let state = EMPTY;
    for (const [i, f] of facts.entries()) {
      state = await maxDrawdown.fold(tx, state, rowOf(f), undefined);
      const [cumulative, peak, peakKey] = want[i] as [number, number, string];
      expect(state).toMatchObject({ cumulativeMicros: Math.round(cumulative * M), peakMicros: Math.round(peak * M), peakKey });
    }
    const rebuilt = await maxDrawdown.rebuild(tx, 'u', undefined);
    expect(rebuilt).toMatchObject({ cumulativeMicros: 150.27 * M, peakMicros: 150.27 * M, peakKey: 't8', lastTradeId: 't8' });
    const alert = { threshold: 0.25 } as AlertRow;
    const afterDip = { ...rebuilt, cumulativeMicros: 150 * M, peakMicros: 150.26 * M, peakKey: 't6' };
    expect(await maxDrawdown.trigger(tx, alert, rowOf(facts[6] as ClosedTradeFact), afterDip, undefined)).toEqual({
      periodKey: 'peak:t6',
      value: 0.26,
    });
    expect(await maxDrawdown.trigger(tx, alert, rowOf(facts[7] as ClosedTradeFact), rebuilt, undefined)).toBeUndefined();
  });
});
