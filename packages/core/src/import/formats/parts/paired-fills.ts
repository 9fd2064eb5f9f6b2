/**
 * Files that pair trades (FIFO pairs of an entry and an exit) become fills: each pair yields its
 * entry and its exit, the broker's P&L and the pair's costs ride on the exit, and the pipeline's
 * FIFO regroups overlapping pairs into flat-to-flat trades.
 */
import type { BrokerFill, BrokerPnl, BrokerTime, InstrumentHints } from '../types.js';

/** One side of a pair. */
export interface PairLeg {
  time: BrokerTime;
  price: number;
  /** The broker's id of the fill, when the file gives one. */
  fillId?: string;
}

/** One paired trade as a file lists it. */
export interface Pair {
  line: number;
  account?: string;
  symbol: string;
  direction: 'long' | 'short';
  quantity: number;
  entry: PairLeg;
  exit: PairLeg;
  /** The broker's id of the pair, to tell apart the parts of a fill split across pairs. */
  pairId?: string;
  /** Costs of the whole pair (entry and exit), booked on the exit fill. */
  commission?: number;
  fees?: number;
  /** The broker's P&L of the pair. */
  brokerPnl?: BrokerPnl;
  hints: InstrumentHints;
}

/** A sortable number for a time (instants and wall clocks of one file compare among themselves). */
export function timeKey(t: BrokerTime): number {
  if ('utc' in t) return t.utc;
  const w = t.wall;
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond);
}

/** Which way a pair went when both legs share one timestamp: the smaller numeric fill id came first. */
export function earlierByFillId(a: string, b: string): boolean | undefined {
  if (!/^\d+$/.test(a) || !/^\d+$/.test(b) || a === b) return undefined;
  return BigInt(a) < BigInt(b);
}

/**
 * The two fills of every pair, in an order the pipeline's stable time sort keeps right: at one
 * timestamp, exits of pairs opened earlier come before entries (a reversal closes before it
 * reopens), and a pair that opens and closes in the same second keeps its entry before its exit.
 *
 * `execId`s stay unique and stable across re-exports: the fill id when a fill appears in one
 * pair only (so the Fills export of the same account dedups against it), `fillId/pairId` when a
 * fill is split across pairs; none when the file has no fill ids.
 *
 * @example pairFills([{ line: 2, symbol: 'MNQM6', direction: 'long', quantity: 1, entry, exit, hints: { assetClass: 'future' } }])
 */
export function pairFills(pairs: readonly Pair[]): BrokerFill[] {
  const uses = new Map<string, number>();
  const useKey = (p: Pair, id: string) => `${p.account ?? ''}\u0000${id}`;
  for (const p of pairs) {
    for (const id of [p.entry.fillId, p.exit.fillId]) {
      if (id !== undefined && id !== '') uses.set(useKey(p, id), (uses.get(useKey(p, id)) ?? 0) + 1);
    }
  }
  const execId = (p: Pair, leg: PairLeg, other: PairLeg): string | undefined => {
    const id = leg.fillId;
    if (id === undefined || id === '') return undefined;
    return (uses.get(useKey(p, id)) ?? 0) > 1 ? `${id}/${p.pairId ?? other.fillId ?? p.line}` : id;
  };
  const keyed: { fill: BrokerFill; time: number; rank: number; seq: number }[] = [];
  pairs.forEach((p, i) => {
    const entrySide = p.direction === 'long' ? 'buy' : 'sell';
    const base = {
      kind: 'fill' as const,
      line: p.line,
      symbol: p.symbol,
      quantity: p.quantity,
      ...p.hints,
      ...(p.account !== undefined && { account: p.account }),
    };
    const entry: BrokerFill = { ...base, time: p.entry.time, side: entrySide, price: p.entry.price, effect: 'open' };
    const exit: BrokerFill = {
      ...base,
      time: p.exit.time,
      side: entrySide === 'buy' ? 'sell' : 'buy',
      price: p.exit.price,
      effect: 'close',
      ...(p.commission !== undefined && { commission: p.commission }),
      ...(p.fees !== undefined && { fees: p.fees }),
      ...(p.brokerPnl !== undefined && { brokerPnl: p.brokerPnl }),
    };
    const entryId = execId(p, p.entry, p.exit);
    const exitId = execId(p, p.exit, p.entry);
    if (entryId !== undefined) entry.execId = entryId;
    if (exitId !== undefined) exit.execId = exitId;
    const opened = timeKey(p.entry.time);
    const closed = timeKey(p.exit.time);
    keyed.push({ fill: entry, time: opened, rank: 1, seq: 2 * i });
    keyed.push({ fill: exit, time: closed, rank: closed > opened ? 0 : 1, seq: 2 * i + 1 });
  });
  keyed.sort((a, b) => a.time - b.time || a.rank - b.rank || a.seq - b.seq);
  return keyed.map((k) => k.fill);
}
