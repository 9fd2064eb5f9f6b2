import { type AlertCreateInput, type Core, createCore, type Storage } from '@tj/core';
import { testClock } from '../support/core.js';

/** Ids 0, 1, 2, … as UUIDs under `prefix` (8 hex digits): two cores doing the same things get the same ids. */
export function countingIds(prefix: string) {
  let n = 0;
  return { next: () => `${prefix}-0000-7000-8000-${(n++).toString(16).padStart(12, '0')}` };
}

/** Minutes after the first instant trades exit at in these tests (Monday 2 Nov 2026, 00:00 UTC). */
export const BASE = Date.parse('2026-11-02T00:00:00Z');
/** An instant `minutes` after BASE, as ISO. */
export const at = (minutes: number) => new Date(BASE + minutes * 60_000).toISOString();

/** A long ES trade entered at `entry` (UTC ISO), closed at `exit` with a manual `result`. */
export function closedTrade(result: number, exit: string, entry = '2026-11-02T14:00:00Z'): Record<string, unknown> {
  return {
    instrument: 'ES',
    direction: 'long',
    entryPrice: 100,
    positionSize: 1,
    stopLoss: 90,
    entryTime: entry,
    exitPrice: 101,
    exitTime: exit,
    result,
  };
}

/** A long ES trade entered at BASE and closed `exitMin` minutes later with a manual `result`. */
export const closedBody = (result: number, exitMin: number) => closedTrade(result, at(exitMin), at(0));

/** An open long ES trade entered at BASE. */
export function openBody(): Record<string, unknown> {
  const { exitPrice: _p, exitTime: _t, result: _r, ...open } = closedBody(0, 0);
  return open;
}

/** The running rules, with thresholds small enough to fire often on results of tens. */
export const RUNNING_ALERTS: AlertCreateInput[] = [
  { name: 'daily UTC', type: 'dailyLossLimit', threshold: 20 },
  { name: 'daily NY', type: 'dailyLossLimit', threshold: 30, tz: 'America/New_York' },
  { name: 'tilt', type: 'maxConsecutiveLosses', threshold: 2 },
  { name: 'drawdown', type: 'maxDrawdown', threshold: 30 },
  { name: 'drawdown tight', type: 'maxDrawdown', threshold: 15 },
];

/** A core on `storage` with its own counting ids and a clock fixed three days after BASE. */
export function countingCore(storage: Storage, idPrefix: string): Core {
  const clock = testClock(new Date(BASE + 3 * 86_400_000).toISOString());
  return createCore({ storage, clock, ids: countingIds(idPrefix) });
}

/** The fills CSV of one round trip of 1 ES share bought at 100 and sold at 100 + result, exiting at `exitMin`. */
export function roundTripCsv(symbol: string, result: number, exitMin: number): string {
  return [
    'datetime,symbol,side,quantity,price,commission,exec_id',
    `${at(exitMin - 30)},${symbol},buy,1,100,0,${symbol}-b`,
    `${at(exitMin)},${symbol},sell,1,${100 + result},0,${symbol}-s`,
  ].join('\n');
}
