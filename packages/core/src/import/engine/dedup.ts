/**
 * Dedup of executions across imports, and the seed of a position an earlier import left open:
 * a stage between reading fills and matching them, run inside the import's transaction.
 */
import type { Repositories } from '../../storage/ports.js';
import type { CorporateActionRow, ExecutionRow, TradeRow } from '../../storage/rows.js';
import type { Fill } from '../formats/own/fills-csv.js';
import { canonicalFill } from './match-fills.js';
import { sha256Hex } from '../formats/trade-input.js';
import { isPassThrough, type StreamItem } from './stream.js';

const BATCH = 1000;

/** Per (account, symbol): what is stored, and the counting of identical fills at one instant. */
interface GroupState {
  account: string;
  symbol: string;
  /** The latest stored execution, when there is one. */
  latest: { time: number; tradeId: string } | undefined;
  /** True once the group's first new fill went out (after its seed, if any). */
  started: boolean;
}

/** The counting of identical fills at one instant, per (account, symbol) as written. */
interface HashState {
  hashTime: number;
  hashCounts: Map<string, number>;
}

/** What the stage counts. */
export interface DedupStats {
  duplicates: number;
}

/**
 * The dedup key of a fill within its account, instrument and time: `id:<the broker's execution
 * id>`, or `h:<sha256 of its content>` numbered `:2`, `:3`… for identical fills at the same
 * instant, so two genuinely identical fills both stay and the same file gives the same keys.
 */
function execKeyOf(g: HashState, fill: Fill): string {
  if (fill.execId !== undefined) return `id:${fill.execId}`;
  const hash = sha256Hex(canonicalFill(fill));
  if (g.hashTime !== fill.datetime) {
    g.hashTime = fill.datetime;
    g.hashCounts.clear();
  }
  const n = (g.hashCounts.get(hash) ?? 0) + 1;
  g.hashCounts.set(hash, n);
  return n === 1 ? `h:${hash}` : `h:${hash}:${n}`;
}

/**
 * The symbol a fill's instrument trades under now: a stored symbol change at a later time renames
 * it (FB before 2022-06-09 is META), as the change renamed the stored executions.
 */
function symbolNow(renames: readonly CorporateActionRow[], fill: Fill): string {
  let symbol = fill.symbol;
  for (let step = 0; step < 8; step++) {
    const r = renames.find(
      (a) =>
        a.kind === 'symbolChange' &&
        a.instrument === symbol &&
        a.newInstrument !== null &&
        (a.account === null || a.account === fill.account) &&
        fill.datetime < a.effectiveAt,
    );
    if (r === undefined) return symbol;
    symbol = r.newInstrument as string;
  }
  return symbol;
}

/** A stored execution as a fill to replay (the trade gives what the execution does not keep). */
function seedFill(e: ExecutionRow, trade: TradeRow): Fill {
  const fill: Fill = {
    line: 0,
    datetime: e.time,
    symbol: e.instrument,
    side: e.side,
    quantity: e.quantity,
    price: e.price,
    commission: e.commissionMicros / 1e6,
    fees: e.feesMicros / 1e6,
    account: e.account,
    multiplier: e.multiplier,
    tags: trade.tags,
    note: trade.notes ?? '',
    execKey: e.execKey,
    seed: { tradeKey: trade.importKey ?? e.execKey },
  };
  if (e.execId !== null) fill.execId = e.execId;
  if (e.orderRef !== null) fill.orderRef = e.orderRef;
  if (e.action !== 'trade') fill.action = e.action;
  // A leg's own details when stored (schema version 28), else the trade's (one instrument).
  const own = e.assetClass !== null || e.underlying !== null;
  const details: NonNullable<Fill['details']> = {};
  const assetClass = own ? e.assetClass : trade.assetClass;
  const underlying = own ? e.underlying : trade.underlying;
  const expiry = own ? e.expiry : trade.expiry;
  const strike = own ? e.strike : trade.strike;
  const right = own ? e.right : trade.right;
  if (assetClass !== null) details.assetClass = assetClass;
  if (trade.currency !== null) details.currency = trade.currency;
  if (underlying !== null) details.underlying = underlying;
  if (expiry !== null) details.expiry = expiry;
  if (strike !== null) details.strike = strike;
  if (right !== null) details.right = right;
  if (Object.keys(details).length > 0) fill.details = details;
  return fill;
}

/**
 * Gives each fill its dedup key, drops the fills already imported (looked up only for fills
 * no later than the group's latest stored execution, so a fresh import costs no lookups), and
 * before a group's first new fill replays the executions of the trade an earlier import left
 * open there, so the new fills continue it. Items that are not fills pass through.
 */
export async function* dedupFills(
  tx: Repositories,
  userId: string,
  items: AsyncIterable<StreamItem>,
  stats: DedupStats,
  renames: readonly CorporateActionRow[] = [],
): AsyncGenerator<StreamItem> {
  const groups = new Map<string, GroupState>();
  /** The identical-fill counters, per (account, symbol) as written. */
  const hashes = new Map<string, HashState>();
  const hashGroup = (fill: Fill) => {
    const id = `${fill.account}\u0000${fill.symbol}`;
    let h = hashes.get(id);
    if (h === undefined) {
      h = { hashTime: Number.NaN, hashCounts: new Map() };
      hashes.set(id, h);
    }
    return h;
  };
  let batch: Array<StreamItem> = [];
  const flush = async function* (): AsyncGenerator<StreamItem> {
    const candidates = new Map<GroupState, Array<{ time: number; key: string }>>();
    const groupOf: Array<GroupState | undefined> = [];
    for (const item of batch) {
      if (isPassThrough(item)) {
        groupOf.push(undefined);
        continue;
      }
      // Its key from the fill as written; its group (and the fill) under the symbol a stored change gave it since.
      const key = execKeyOf(hashGroup(item), item);
      item.symbol = symbolNow(renames, item);
      const id = `${item.account}\u0000${item.symbol}`;
      let g = groups.get(id);
      if (g === undefined) {
        g = {
          account: item.account,
          symbol: item.symbol,
          latest: await tx.executions.latest(userId, item.account, item.symbol),
          started: false,
        };
        groups.set(id, g);
      }
      groupOf.push(g);
      item.execKey = key;
      if (g.latest !== undefined && item.datetime <= g.latest.time) {
        const list = candidates.get(g) ?? [];
        list.push({ time: item.datetime, key: item.execKey });
        candidates.set(g, list);
      }
    }
    const stored = new Map<GroupState, Set<string>>();
    for (const [g, keys] of candidates) stored.set(g, await tx.executions.existing(userId, g.account, g.symbol, keys));
    for (const [i, item] of batch.entries()) {
      const g = groupOf[i];
      if (g === undefined || isPassThrough(item)) {
        yield item;
        continue;
      }
      if (stored.get(g)?.has(`${item.datetime}:${item.execKey}`)) {
        stats.duplicates++;
        continue;
      }
      if (!g.started) {
        g.started = true;
        if (g.latest !== undefined) yield* seedOf(g.latest.tradeId);
      }
      yield item;
    }
  };
  const seededTrades = new Set<string>();
  const seedOf = async function* (tradeId: string): AsyncGenerator<Fill> {
    // A strategy's legs are several groups of one trade: it is replayed once.
    if (seededTrades.has(tradeId)) return;
    seededTrades.add(tradeId);
    const trade = await tx.trades.get(userId, tradeId);
    if (trade === undefined || trade.exitPrice !== null) return;
    for (const e of await tx.executions.forTrade(userId, tradeId)) yield seedFill(e, trade);
  };
  for await (const item of items) {
    batch.push(item);
    if (batch.length >= BATCH) {
      yield* flush();
      batch = [];
    }
  }
  yield* flush();
}
