import { estimateBytes, type MemoryBudget } from '../../shared/input-limits.js';
import { toMicros } from '../../shared/money.js';
import { cellError } from '../read/cell-error.js';
import type { Fill } from '../formats/own/fills-csv.js';
import { QUANTITY_SCALE } from '../values/quantity.js';
import type { ImportedTrade } from './imported-trade.js';
import { sha256Hex } from '../formats/trade-input.js';
import { type CorporateActionEvent, concerns, fileActionEvent, renameLeg, splitLeg, storedActionEvent } from './corporate.js';
import { type CorporateActionFields, sameAction } from '../../corporate-actions/record.js';
import type { CorporateActionRow } from '../../storage/rows.js';
import type { CorporateActionItem } from '../formats/corporate-action-record.js';
import { Position, underlyingOf } from './position.js';
import { positionTrade } from './position-trade.js';

/** Per (account, symbol): what the order and key checks need, and the corporate actions applied. */
interface Group {
  account: string;
  symbol: string;
  lastTime: number;
  lastLine: number;
  /** Hashes of trade-opening fills at `hashTime`, to number identical ones apart. */
  hashTime: number;
  hashCounts: Map<string, number>;
  /** Keys of the corporate actions already applied to this group's open leg. */
  applied: Set<string>;
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

function isAction(x: object): x is CorporateActionItem {
  return 'corporateAction' in x;
}

/** Options of {@link matchFills}. */
export interface MatchOptions {
  /** The import's memory budget (see below). */
  budget?: MemoryBudget | undefined;
  /** Corporate actions stored before this import, applied to the positions as their time comes. */
  actions?: readonly CorporateActionRow[] | undefined;
}

const keyOf = (account: string, symbol: string) => `${account}\u0000${symbol}`;

/**
 * Turns fills (oldest first) into trades: positions from flat to flat, per account. A fill on an
 * instrument a position holds adds to or closes that leg; a fill on an instrument nobody holds
 * opens a leg, in a new position or (options) in an open position of the same underlying it was
 * opened together with: the same order reference (the broker's order or combo id), or without
 * one the same instant as the position's first fill; a fill whose order also closed a leg of a
 * position joins it (a roll). Stock joins a position only with options (a covered call). Within
 * one instant, fills on held instruments go first, so a roll's new leg finds its position.
 *
 * One instrument gives the trade it always did: direction of the first fill, entryPrice and
 * exitPrice the VWAPs of the opening and closing fills (rounded to 10 decimals), positionSize the
 * total opened, entryTime the first fill's, exitTime the last closing fill's, fees the sum of its
 * fills' commission + fees. A fill that goes through flat is split at the flat point, its
 * commission and fees shared pro rata by quantity (in integer micro-units). Quantities are
 * matched in 1e-8 units. The legs of a strategy give one trade on the underlying (see
 * `positionTrade`).
 *
 * Each closing fill that leaves its position open books a partial exit: its P&L against the
 * leg's FIFO lots, net of its fees and the lots' opening fees pro rata. A position left open at
 * the end is an open trade of the quantity still held with every partial exit it booked; when a
 * later import sees the position go on, it continues the same trade (same `importKey`).
 *
 * `importKey` comes from the position's first opening fill: `fill:<account>:<symbol>:<execId>`,
 * or without exec_id `fillhash:<sha256 of its canonical content>` (`:2`, `:3`... for identical
 * opening fills at the same instant). Line numbers are left out on purpose: a grown export
 * (newest-first files grow at the top) gives the same keys for the same fills.
 *
 * Corporate actions (stored ones in `options.actions`, a file's as items in the stream, which a
 * sorted file gives before its fills) split or rename an open leg before the first later fill of
 * its instrument, or at the end; replayed executions only by an action new to storage. Items
 * that are neither fills nor actions (trades a file states whole) pass through unchanged; a
 * file's actions pass through for the writer to store, except one recorded already (the same,
 * or the same change within a week), which is dropped.
 *
 * With a budget, each (account, symbol) seen and each execution of an open position is charged
 * to it (released when the position is flat), so a file that keeps positions open without end
 * fails with the `maxMemoryBytes` bound's error instead of filling the heap.
 *
 * Throws a validation error naming the line when a fill is older than the previous fill of
 * its (account, symbol), when multipliers differ within a leg, or when the tags (max 20)
 * or notes (distinct notes joined with ' | ', max 10,000 characters) of a trade overflow.
 */
export function matchFills(fills: AsyncIterable<Fill> | Iterable<Fill>, options?: MatchOptions): AsyncGenerator<ImportedTrade>;
export function matchFills<T extends object>(
  items: AsyncIterable<Fill | T> | Iterable<Fill | T>,
  options?: MatchOptions,
): AsyncGenerator<ImportedTrade | T>;
export async function* matchFills<T extends object>(
  items: AsyncIterable<Fill | T> | Iterable<Fill | T>,
  options: MatchOptions = {},
): AsyncGenerator<ImportedTrade | T> {
  const engine = new Matcher(options);
  let instant: Fill[] = [];
  for await (const next of items) {
    if (isFill(next)) {
      if (instant.length > 0 && (instant[0] as Fill).datetime !== next.datetime) {
        yield* engine.instant(instant);
        instant = [];
      }
      instant.push(next);
      continue;
    }
    // A file's action recorded already (the same, or typed by hand within a week) is applied once: not again, not stored again.
    if (isAction(next) && !engine.register(next.corporateAction)) continue;
    yield next;
  }
  yield* engine.instant(instant);
  yield* engine.finish();
}

/** The state of one matching run (see {@link matchFills}). */
class Matcher {
  private readonly groups = new Map<string, Group>();
  /** The open position holding each (account, symbol). */
  private readonly holder = new Map<string, Position>();
  /** Open positions by (account, underlying), newest last. */
  private readonly byUnderlying = new Map<string, Position[]>();
  /** Open positions continued from storage, by their trade's import key. */
  private readonly seeded = new Map<string, Position>();
  private readonly open = new Set<Position>();
  /** Positions gone flat in the current instant, closed at its end. */
  private readonly flattened = new Set<Position>();
  private readonly accountOf = new Map<Position, string>();
  private readonly actions: CorporateActionEvent[];
  private readonly stored: readonly CorporateActionRow[];
  private readonly budget: MemoryBudget | undefined;

  constructor(options: MatchOptions) {
    this.budget = options.budget;
    this.stored = options.actions ?? [];
    this.actions = this.stored.map(storedActionEvent).sort((a, b) => a.time - b.time);
  }

  /** Adds a file's corporate action; false when it is recorded already (then it changes nothing). */
  register(fields: CorporateActionFields): boolean {
    const action = fileActionEvent(fields);
    if (this.actions.some((a) => a.key === action.key) || this.stored.some((r) => sameAction(fields, r))) return false;
    this.actions.push(action);
    this.actions.sort((a, b) => a.time - b.time);
    return true;
  }

  /**
   * The fills of one instant: those on held instruments first, then the rest, each in file order.
   * A position gone flat is closed at the end of the instant, so a leg its closing order opens
   * (a roll) still joins it.
   */
  *instant(fills: Fill[]): Generator<ImportedTrade> {
    const later: Fill[] = [];
    for (const fill of fills) {
      if (this.holder.has(keyOf(fill.account, fill.symbol))) this.fill(fill);
      else later.push(fill);
    }
    for (const fill of later) this.fill(fill);
    for (const p of this.flattened) if (p.flat) yield this.close(p);
    this.flattened.clear();
  }

  /** The positions still open, oldest first. */
  *finish(): Generator<ImportedTrade> {
    for (const [key, g] of this.groups) this.applyActions(key, g, Number.POSITIVE_INFINITY);
    const open = [...this.open].sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1]);
    for (const p of open) yield positionTrade(p, this.accountOf.get(p) ?? '');
  }

  private group(fill: Fill): Group {
    const id = keyOf(fill.account, fill.symbol);
    let g = this.groups.get(id);
    if (g === undefined) {
      g = {
        account: fill.account,
        symbol: fill.symbol,
        lastTime: Number.NEGATIVE_INFINITY,
        lastLine: 0,
        hashTime: Number.NaN,
        hashCounts: new Map(),
        applied: new Set(),
      };
      this.groups.set(id, g);
      this.budget?.charge(estimateBytes(200, fill.account, fill.symbol));
    }
    return g;
  }

  /** Applies the actions on this group's instrument due at `time` and not applied yet. */
  private applyActions(key: string, g: Group, time: number): void {
    for (const action of this.actions) {
      if (action.time > time) break;
      if (g.applied.has(action.key) || !concerns(action, g.account, g.symbol)) continue;
      g.applied.add(action.key);
      const position = this.holder.get(key);
      if (position === undefined) continue;
      if (action.kind === 'split') splitLeg(position, g.symbol, action);
      else if (action.newInstrument !== undefined) {
        renameLeg(position, g.symbol, action);
        this.holder.delete(key);
        this.holder.set(keyOf(g.account, action.newInstrument), position);
      }
    }
  }

  private fill(fill: Fill): void {
    const key = keyOf(fill.account, fill.symbol);
    const g = this.group(fill);
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
    if (this.actions.length > 0) this.applyDue(fill, key, g);
    const units = Math.round(fill.quantity * QUANTITY_SCALE);
    const feeMicros = toMicros(fill.commission) + toMicros(fill.fees);
    let position = this.holder.get(key);
    if (position === undefined) {
      position = this.join(fill) ?? this.start(fill, g);
      this.hold(position, fill);
      position.add(fill, units, feeMicros);
      this.holder.set(key, position);
      return;
    }
    this.hold(position, fill);
    const closable = position.closable(fill);
    if (closable === 0 || units <= closable) {
      position.add(fill, units, feeMicros);
      if (units === closable) this.holder.delete(key);
      if (position.flat) this.flattened.add(position);
      return;
    }
    // Through flat: the closing part, then the rest opens anew (in the same position while it holds other legs).
    const closingFees = Math.round(feeMicros * (closable / units));
    position.add(fill, closable, closingFees);
    if (position.flat) {
      this.flattened.add(position);
      const next = this.start(fill, g);
      this.hold(next, fill);
      next.add(fill, units - closable, feeMicros - closingFees, 2);
      this.holder.set(key, next);
    } else position.add(fill, units - closable, feeMicros - closingFees, 2);
  }

  /**
   * Applies the corporate actions due by this fill: on its own instrument, and a symbol change
   * to it from the old symbol's open leg.
   */
  private applyDue(fill: Fill, key: string, g: Group): void {
    this.applyActions(key, g, fill.datetime);
    for (const action of this.actions) {
      if (action.time > fill.datetime) break;
      if (action.kind !== 'symbolChange' || action.newInstrument !== fill.symbol) continue;
      if (action.account !== null && action.account !== fill.account) continue;
      const oldKey = keyOf(fill.account, action.instrument);
      const old = this.groups.get(oldKey);
      if (old !== undefined) this.applyActions(oldKey, old, fill.datetime);
    }
  }

  /** An open position this opening fill joins (see {@link matchFills}), if any. */
  private join(fill: Fill): Position | undefined {
    if (fill.seed !== undefined) return this.seeded.get(fill.seed.tradeKey);
    const candidates = this.byUnderlying.get(keyOf(fill.account, underlyingOf(fill)));
    if (candidates === undefined) return undefined;
    const option = fill.details?.assetClass === 'option';
    for (let i = candidates.length - 1; i >= 0; i--) {
      const p = candidates[i] as Position;
      if (!option && !p.hasOption) continue;
      if (fill.orderRef !== undefined && p.orderRefs.has(fill.orderRef)) return p;
      if ((fill.orderRef === undefined || p.openingRef === undefined) && p.entryTime === fill.datetime) return p;
    }
    return undefined;
  }

  private start(fill: Fill, g: Group): Position {
    const p = new Position(fill, importKey(g, fill));
    this.open.add(p);
    this.accountOf.set(p, fill.account);
    const under = keyOf(fill.account, p.underlying);
    const list = this.byUnderlying.get(under) ?? [];
    list.push(p);
    this.byUnderlying.set(under, list);
    if (fill.seed !== undefined) this.seeded.set(fill.seed.tradeKey, p);
    return p;
  }

  /** Charges a fill held by an open position to the budget. */
  private hold(p: Position, fill: Fill): void {
    if (this.budget === undefined) return;
    const bytes = pieceBytes(fill);
    p.bytes += bytes;
    this.budget.charge(bytes);
  }

  /** The trade of a position gone flat; it is let go. */
  private close(p: Position): ImportedTrade {
    this.open.delete(p);
    const account = this.accountOf.get(p) ?? '';
    this.accountOf.delete(p);
    const under = keyOf(account, p.underlying);
    const list = this.byUnderlying.get(under)?.filter((x) => x !== p) ?? [];
    if (list.length === 0) this.byUnderlying.delete(under);
    else this.byUnderlying.set(under, list);
    for (const [symbol] of p.legs) {
      const key = keyOf(account, symbol);
      if (this.holder.get(key) === p) this.holder.delete(key);
    }
    this.seeded.delete(p.importKey);
    this.budget?.release(p.bytes);
    return positionTrade(p, account);
  }
}
