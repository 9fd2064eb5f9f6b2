import type { MemoryBudget } from '../../shared/input-limits.js';
import { estimateBytes } from '../../shared/input-limits.js';
import { toMicros } from '../../shared/money.js';
import { type CorporateActionFields, sameAction } from '../../corporate-actions/record.js';
import type { CorporateActionRow } from '../../storage/rows.js';
import { cellError } from '../read/cell-error.js';
import type { Fill } from '../formats/own/fills-csv.js';
import { sha256Hex } from '../formats/trade-input.js';
import { QUANTITY_SCALE } from '../values/quantity.js';
import { type CorporateActionEvent, concerns, fileActionEvent, renameLeg, splitLeg, storedActionEvent } from './corporate.js';
import { canonicalFill, pieceBytes } from './fill-facts.js';
import type { ImportedTrade } from './imported-trade.js';
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

const keyOf = (account: string, symbol: string) => `${account}\u0000${symbol}`;

/** Options of `matchFills`. */
export interface MatchOptions {
  /** The import's memory budget (see below). */
  budget?: MemoryBudget | undefined;
  /** Corporate actions stored before this import, applied to the positions as their time comes. */
  actions?: readonly CorporateActionRow[] | undefined;
}

/**
 * What an open position holds beyond its fills, for the memory budget: its object, legs, lots,
 * sets and the engine's entries for it. Measured on Node 20: 2.8 KB per open position of one fill
 * (the heap over 200,000 of them), of which the fill (`pieceBytes`) and its group are charged apart.
 */
const POSITION_BYTES = 2_200;

/** The state of one matching run (see {@link matchFills}). */
export class Matcher {
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
    if (this.budget !== undefined) {
      p.bytes += POSITION_BYTES;
      this.budget.charge(POSITION_BYTES);
    }
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
