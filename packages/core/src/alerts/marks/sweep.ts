import type { Repositories } from '../../storage/ports.js';
import { type Booking, bookingsOf, type Ledger } from './ledger.js';
import { type Mark, tradeMarks } from './trade-marks.js';

/**
 * One moment of the account as the sweep walks it: `realized` is the P&L booked so far (closes
 * and partial exits, micros, since the sweep's start); `equity` adds the open positions at their
 * latest marks; a mark also carries the account's value at the mark's worst, best and closing
 * price (the other positions at their latest mark).
 */
export type Step =
  | { kind: 'booked'; time: number; tradeId: string; closed: boolean; realized: number; equity: number }
  | { kind: 'mark'; time: number; tradeId: string; mark: Mark; realized: number; worst: number; best: number; close: number };

type Event = (Booking & { order: 0 }) | { time: number; order: 1; tradeId: string; mark: Mark };

/** The ledger's bookings and marks up to `until`, in time order (bookings before marks at one instant). */
async function eventsOf(tx: Repositories, ledger: Ledger, until: number): Promise<Event[]> {
  const events: Event[] = ledger.bookings.map((b) => ({ ...b, order: 0 as const }));
  for (const trade of ledger.marked) {
    for (const b of bookingsOf(trade, until)) events.push({ ...b, order: 0 });
    for (const mark of await tradeMarks(tx, trade, ledger.held, until))
      events.push({ time: mark.time, order: 1, tradeId: trade.id, mark });
  }
  return events.sort((a, b) => a.time - b.time || a.order - b.order);
}

/**
 * Walks the account through [from, until]: every booking and every mark of the ledger, in time
 * order. What was booked before `from` is not counted as realized, but marks before `from` still
 * set their position's open value. A position's open value is its mark less what its partial
 * exits booked so far.
 */
export async function* sweep(tx: Repositories, ledger: Ledger, from: number, until: number): AsyncGenerator<Step> {
  let realized = 0;
  const booked = new Map<string, number>();
  const open = new Map<string, number>();
  const othersThan = (id: string) => {
    let sum = 0;
    for (const [k, v] of open) if (k !== id) sum += v;
    return sum;
  };
  for (const e of await eventsOf(tx, ledger, until)) {
    if (e.time > until) break;
    const id = e.tradeId;
    const counted = e.time >= from;
    if (e.order === 0) {
      if (counted) realized += e.pnl;
      if (e.closed) open.delete(id);
      else {
        booked.set(id, (booked.get(id) ?? 0) + e.pnl);
        if (open.has(id)) open.set(id, (open.get(id) ?? 0) - e.pnl);
      }
      if (counted)
        yield { kind: 'booked', time: e.time, tradeId: id, closed: e.closed, realized, equity: realized + othersThan('') };
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
      tradeId: id,
      mark: e.mark,
      realized,
      worst: at(e.mark.worst),
      best: at(e.mark.best),
      close: at(e.mark.close),
    };
  }
}
