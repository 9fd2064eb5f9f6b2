import type { Repositories } from '../../storage/ports.js';
import type { TradeListRow } from '../../storage/rows.js';
import { type Mark, tradeMarks } from './trade-marks.js';

/**
 * One moment of the account as the sweep walks it: `realized` is the P&L booked so far (closes
 * and partial exits, micros, since the sweep's start); a mark also carries the account's value
 * including open positions at the mark's worst, best and closing price (the other positions at
 * their latest mark).
 */
export type Step =
  | { kind: 'booked'; time: number; trade: TradeListRow; price: number; closed: boolean; realized: number; equity: number }
  | { kind: 'mark'; time: number; trade: TradeListRow; mark: Mark; realized: number; worst: number; best: number; close: number };

type Event =
  | { time: number; order: 0; trade: TradeListRow; pnl: number; price: number; closed: boolean }
  | { time: number; order: 1; trade: TradeListRow; mark: Mark };

const PAGE = 500;

/** The user's trades held at some moment of [from, to): open ones entered before `to`, closed ones exiting at or after `from`. */
export async function tradesHeld(tx: Repositories, userId: string, from: number, to: number): Promise<TradeListRow[]> {
  const rows: TradeListRow[] = [];
  for (const query of [
    { status: 'open' as const, entryTo: to },
    { status: 'closed' as const, entryTo: to, exitFrom: from },
  ]) {
    for (let page = 1; ; page++) {
      const { rows: batch } = await tx.trades.list(userId, query, { page, limit: PAGE });
      rows.push(...batch);
      if (batch.length < PAGE) break;
    }
  }
  return rows;
}

/**
 * Walks the account through [from, until]: every close and partial exit of `trades` (booked P&L)
 * and every mark of theirs, in time order (bookings before marks at one instant). What a trade
 * booked before `from` is not counted as realized, but its marks before `from` still set its
 * open value. A close books its result less what its partial exits booked before.
 */
export async function* sweep(
  tx: Repositories,
  trades: readonly TradeListRow[],
  from: number,
  until: number,
): AsyncGenerator<Step> {
  const [first] = trades;
  if (first === undefined) return;
  const held = new Set((await tx.bars.series(first.userId)).map((s) => s.instrumentKey));
  const events: Event[] = [];
  for (const trade of trades) {
    for (const p of trade.partialExits)
      events.push({ time: p.time, order: 0, trade, pnl: p.pnlMicros, price: Number.NaN, closed: false });
    if (trade.exitTime !== null && trade.exitTime <= until) {
      const pnl = (trade.resultMicros ?? 0) - trade.realizedMicros;
      events.push({ time: trade.exitTime, order: 0, trade, pnl, price: trade.exitPrice ?? Number.NaN, closed: true });
    }
    for (const mark of await tradeMarks(tx, trade, held, until)) events.push({ time: mark.time, order: 1, trade, mark });
  }
  events.sort((a, b) => a.time - b.time || a.order - b.order);
  let realized = 0;
  const booked = new Map<string, number>();
  const open = new Map<string, number>();
  const othersThan = (id: string) => {
    let sum = 0;
    for (const [k, v] of open) if (k !== id) sum += v;
    return sum;
  };
  for (const e of events) {
    if (e.time > until) break;
    const id = e.trade.id;
    const counted = e.time >= from;
    if (e.order === 0) {
      if (counted) realized += e.pnl;
      if (e.closed) open.delete(id);
      else {
        booked.set(id, (booked.get(id) ?? 0) + e.pnl);
        open.set(id, (open.get(id) ?? 0) - e.pnl);
      }
      if (counted)
        yield {
          kind: 'booked',
          time: e.time,
          trade: e.trade,
          price: e.price,
          closed: e.closed,
          realized,
          equity: realized + othersThan(''),
        };
      continue;
    }
    const base = booked.get(id) ?? 0;
    const others = othersThan(id);
    open.set(id, e.mark.close - base);
    if (!counted) continue;
    const at = (value: number) => realized + others + value - base;
    yield {
      kind: 'mark',
      time: e.time,
      trade: e.trade,
      mark: e.mark,
      realized,
      worst: at(e.mark.worst),
      best: at(e.mark.best),
      close: at(e.mark.close),
    };
  }
}
