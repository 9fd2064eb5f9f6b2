import { seriesFor } from '../../market/series.js';
import type { Repositories } from '../../storage/ports.js';
import type { TradeListRow } from '../../storage/rows.js';
import type { HeldSeries } from './trade-marks.js';

/** P&L one trade books at one moment without marks of its own: a close (its result less its partial exits) or a partial exit. */
export interface Booking {
  time: number;
  tradeId: string;
  pnl: number;
  closed: boolean;
}

/**
 * What an account walk reads: the trades whose series the store holds (their marks are read, with
 * everything they book), and the bookings of every other trade.
 */
export interface Ledger {
  held: HeldSeries;
  marked: TradeListRow[];
  bookings: Booking[];
}

const PAGE = 500;

/** Every page of a trade list query. */
async function listAll(tx: Repositories, userId: string, query: Parameters<Repositories['trades']['list']>[1]) {
  const rows: TradeListRow[] = [];
  for (let page = 1; ; page++) {
    const { rows: batch } = await tx.trades.list(userId, query, { page, limit: PAGE });
    rows.push(...batch);
    if (batch.length < PAGE) return rows;
  }
}

/** The series keys the user holds bars of. */
export async function heldSeries(tx: Repositories, userId: string): Promise<HeldSeries> {
  return new Set((await tx.bars.series(userId)).map((s) => s.instrumentKey));
}

/** True when a trade's series (bars/series.ts) is among those held. */
export const isMarked = (trade: TradeListRow, held: HeldSeries) => seriesFor(trade).some((c) => held.has(c.instrumentKey));

/** The bookings of a trade read whole: its partial exits, and its close (less them) when closed by `until`. */
export function bookingsOf(trade: TradeListRow, until: number): Booking[] {
  const out: Booking[] = trade.partialExits.map((p) => ({ time: p.time, tradeId: trade.id, pnl: p.pnlMicros, closed: false }));
  if (trade.exitTime !== null && trade.exitTime <= until)
    out.push({ time: trade.exitTime, tradeId: trade.id, pnl: (trade.resultMicros ?? 0) - trade.realizedMicros, closed: true });
  return out;
}

/** The user's trades held at some moment of [from, to): open ones entered before `to`, closed ones exiting at or after `from`. */
export async function tradesHeld(tx: Repositories, userId: string, from: number, to: number): Promise<TradeListRow[]> {
  return [
    ...(await listAll(tx, userId, { status: 'open', entryTo: to })),
    ...(await listAll(tx, userId, { status: 'closed', entryTo: to, exitFrom: from })),
  ];
}

/** The ledger of the trades held in [from, to) (a few days: every trade read whole). */
export async function windowLedger(tx: Repositories, userId: string, from: number, to: number): Promise<Ledger> {
  const held = await heldSeries(tx, userId);
  const ledger: Ledger = { held, marked: [], bookings: [] };
  for (const trade of await tradesHeld(tx, userId, from, to)) {
    if (isMarked(trade, held)) ledger.marked.push(trade);
    else ledger.bookings.push(...bookingsOf(trade, to));
  }
  return ledger;
}

/**
 * The ledger of the user's whole history up to `until`: the trades of instruments whose series
 * are held are read whole; every other close comes from the closed-outcome index (id, exit,
 * result) and every other partial exit from the partial-exit index, so a user with few bars
 * reads little more than the drawdown rule's scan.
 */
export async function historyLedger(tx: Repositories, userId: string, until: number): Promise<Ledger> {
  const held = await heldSeries(tx, userId);
  const marked: TradeListRow[] = [];
  if (held.size > 0) {
    for (const group of await tx.trades.groups(userId, 'instrument')) {
      const instrument = group.key;
      if (instrument === null || !seriesFor({ instrument, assetClass: null }).some((c) => held.has(c.instrumentKey))) continue;
      for (const trade of await listAll(tx, userId, { instrument, entryTo: until + 1 }))
        if (isMarked(trade, held)) marked.push(trade);
    }
  }
  const markedIds = new Set(marked.map((t) => t.id));
  const bookings: Booking[] = [];
  const realized = new Map<string, number>();
  for (const trade of await tx.trades.partialExits(userId, {})) {
    if (markedIds.has(trade.id)) continue;
    realized.set(trade.id, trade.realizedMicros);
    for (const p of trade.partialExits)
      if (p.time <= until) bookings.push({ time: p.time, tradeId: trade.id, pnl: p.pnlMicros, closed: false });
  }
  for await (const batch of tx.trades.closedOutcomes(userId, { exitTo: until + 1 })) {
    for (const f of batch) {
      if (markedIds.has(f.id)) continue;
      bookings.push({ time: f.exitTime, tradeId: f.id, pnl: f.resultMicros - (realized.get(f.id) ?? 0), closed: true });
    }
  }
  return { held, marked, bookings };
}
