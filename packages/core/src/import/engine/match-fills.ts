import { estimateBytes, type MemoryBudget } from '../../shared/input-limits.js';
import { toMicros } from '../../shared/money.js';
import { cellError } from '../read/cell-error.js';
import type { Fill } from '../formats/own/fills-csv.js';
import { QUANTITY_SCALE } from '../values/quantity.js';
import { type ImportedTrade, RoundTrip } from './round-trip.js';
import { sha256Hex } from '../formats/trade-input.js';

/** Per (account, symbol): the open position and what the order and key checks need. */
interface Group {
  account: string;
  symbol: string;
  trip: RoundTrip | undefined;
  lastTime: number;
  lastLine: number;
  /** Hashes of trade-opening fills at `hashTime`, to number identical ones apart. */
  hashTime: number;
  hashCounts: Map<string, number>;
  /** Bytes charged to the budget for the open position's executions. */
  held: number;
}

/** Estimated bytes a fill holds (its object, strings and details), for an import's memory budget. */
export function fillBytes(fill: Fill): number {
  return estimateBytes(
    fill.details === undefined ? 320 : 480,
    fill.symbol,
    fill.account,
    fill.execId,
    fill.note,
    fill.execKey,
    ...fill.tags,
  );
}

/** A fill's bytes plus its execution record in an open position. */
const pieceBytes = (fill: Fill): number => fillBytes(fill) + 96;

/** The canonical content of a fill for its hash: the execution's data, not its tags or note. */
export function canonicalFill(fill: Fill): string {
  const { account, symbol, datetime, side, quantity, price, commission, fees, multiplier } = fill;
  return JSON.stringify([account, symbol, datetime, side, quantity, price, commission, fees, multiplier]);
}

/**
 * The import key of the trade a fill opens: `fill:<account>:<symbol>:<exec id>`, or
 * `fillhash:<hash>` (`:2`, `:3`… for identical opening fills at one instant); from the fill's
 * dedup key when the import gave it one.
 */
function importKey(group: Group, fill: Fill): string {
  if (fill.seed !== undefined) return fill.seed.tradeKey;
  if (fill.execKey?.startsWith('h:')) return `fillhash:${fill.execKey.slice(2)}`;
  if (fill.execId !== undefined) return `fill:${fill.account}:${fill.symbol}:${fill.execId}`;
  const hash = sha256Hex(canonicalFill(fill));
  if (group.hashTime !== fill.datetime) {
    group.hashTime = fill.datetime;
    group.hashCounts.clear();
  }
  const n = (group.hashCounts.get(hash) ?? 0) + 1;
  group.hashCounts.set(hash, n);
  return n === 1 ? `fillhash:${hash}` : `fillhash:${hash}:${n}`;
}

function isFill(x: object): x is Fill {
  return 'side' in x && 'datetime' in x;
}

/**
 * Turns fills (oldest first) into trades by FIFO matching per (account, symbol). A trade is one
 * round trip from flat to flat: its direction is the first fill's side; entryPrice and exitPrice
 * are the VWAPs of the opening and the closing fills (rounded to 10 decimals); positionSize is the
 * total quantity opened; entryTime is the first fill's, exitTime the last closing fill's; fees
 * are the sum of its fills' commission + fees. A fill that goes through flat is split at the
 * flat point, its commission and fees shared pro rata by quantity (in integer micro-units, so
 * the two shares add up exactly). Quantities are matched in 1e-8 units.
 *
 * Streaming: each trade is emitted as soon as it is flat; positions still open at the end
 * follow, ordered by entry time. Memory holds the open positions plus a few numbers per
 * (account, symbol) seen (the last fill time, for the order check), never the file.
 *
 * Positions left open: one open trade (no exit fields, result null) of the quantity still
 * held, at the VWAP of all its opening fills, with the fees so far; partial exits are reported
 * in `partialExit` but not booked, so no P&L is shown for an unfinished round trip and none is
 * counted twice: when a later import sees the round trip complete, it yields the same
 * `importKey`, and the importer should then replace that open trade with the closed one.
 *
 * `importKey` comes from the trade's first opening fill: `fill:<account>:<symbol>:<execId>`, or
 * without exec_id `fillhash:<sha256 of its canonical content>` (`:2`, `:3`... for identical
 * opening fills at the same instant). Line numbers are left out on purpose: a grown export
 * (newest-first files grow at the top) gives the same keys for the same fills.
 *
 * Items that are not fills (trades a file states whole) pass through unchanged.
 *
 * With a `budget`, each (account, symbol) seen and each execution of an open position is charged
 * to it (released when the position is flat), so a file that keeps positions open without end
 * fails with the `maxMemoryBytes` bound's error instead of filling the heap.
 *
 * Throws a validation error naming the line when a fill is older than the previous fill of
 * its (account, symbol), when multipliers differ within a trade, or when the tags (max 20)
 * or notes (distinct notes joined with ' | ', max 10,000 characters) of a trade overflow.
 */
export function matchFills(fills: AsyncIterable<Fill> | Iterable<Fill>, budget?: MemoryBudget): AsyncGenerator<ImportedTrade>;
export function matchFills<T extends { importKey: string }>(
  items: AsyncIterable<Fill | T> | Iterable<Fill | T>,
  budget?: MemoryBudget,
): AsyncGenerator<ImportedTrade | T>;
export async function* matchFills<T extends { importKey: string }>(
  fills: AsyncIterable<Fill | T> | Iterable<Fill | T>,
  budget?: MemoryBudget,
): AsyncGenerator<ImportedTrade | T> {
  const hold = (g: Group, fill: Fill) => {
    if (budget === undefined) return;
    const bytes = pieceBytes(fill);
    g.held += bytes;
    budget.charge(bytes);
  };
  const letGo = (g: Group) => {
    budget?.release(g.held);
    g.held = 0;
  };
  const groups = new Map<string, Group>();
  for await (const next of fills) {
    if (!isFill(next)) {
      yield next;
      continue;
    }
    const fill = next;
    const id = `${fill.account}\u0000${fill.symbol}`;
    let g = groups.get(id);
    if (g === undefined) {
      g = {
        account: fill.account,
        symbol: fill.symbol,
        trip: undefined,
        lastTime: -Infinity,
        lastLine: 0,
        hashTime: Number.NaN,
        hashCounts: new Map(),
        held: 0,
      };
      groups.set(id, g);
      budget?.charge(estimateBytes(200, fill.account, fill.symbol));
    }
    if (fill.datetime < g.lastTime) {
      const where = fill.account === '' ? fill.symbol : `${fill.symbol} (account ${fill.account})`;
      throw cellError(
        fill.line,
        'datetime',
        `older than the previous fill of ${where} on line ${g.lastLine}: fills must be in time order`,
      );
    }
    g.lastTime = fill.datetime;
    g.lastLine = fill.line;
    const units = Math.round(fill.quantity * QUANTITY_SCALE);
    const feeMicros = toMicros(fill.commission) + toMicros(fill.fees);
    const trip = g.trip;
    hold(g, fill);
    if (trip === undefined) {
      g.trip = new RoundTrip(fill, units, feeMicros, importKey(g, fill));
    } else if ((fill.side === 'buy' ? 1 : -1) === trip.sign) {
      trip.increase(fill, units, feeMicros);
    } else if (units <= trip.openUnits) {
      trip.decrease(fill, units, feeMicros);
      if (trip.openUnits === 0) {
        g.trip = undefined;
        letGo(g);
        yield trip.toTrade(g.account, g.symbol);
      }
    } else {
      const closing = trip.openUnits;
      const closingFees = Math.round(feeMicros * (closing / units));
      trip.decrease(fill, closing, closingFees);
      g.trip = undefined;
      letGo(g);
      yield trip.toTrade(g.account, g.symbol);
      hold(g, fill);
      g.trip = new RoundTrip(fill, units - closing, feeMicros - closingFees, importKey(g, fill), 2);
    }
  }
  const open = [...groups.values()].filter((g) => g.trip !== undefined) as (Group & { trip: RoundTrip })[];
  open.sort((a, b) => a.trip.order[0] - b.trip.order[0] || a.trip.order[1] - b.trip.order[1]);
  for (const g of open) yield g.trip.toTrade(g.account, g.symbol);
}
