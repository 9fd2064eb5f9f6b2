import {
  paginationOf,
  type Trade,
  TRADE_CREATE_FIELDS,
  type TradeCreate,
  tradeCreateSchema,
  type TradeList,
  tradeListQuerySchema,
  type TradeUpdate,
  tradeUpdateSchema,
} from '@tj/schemas';
import type { CoreDeps } from '../shared/deps.js';
import { recordId } from '../shared/record-id.js';
import { notFound } from '../shared/errors.js';
import { toMicros } from '../shared/money.js';
import { parseInput } from '../shared/validate.js';
import type { Repositories } from '../storage/ports.js';
import type { TradeRow } from '../storage/rows.js';
import { withDerived } from './derive.js';
import { tradeQueryFor } from './filters.js';
import { executionRecord, tradeRecord } from './record.js';
import { converterOf } from '../fx/owners.js';
import { convertedTrade } from '../fx/converted-trade.js';
import { readSettings } from '../settings/read.js';
import { withDefaultRisk } from './default-risk.js';
import { checkTradeRules } from './rules.js';

/** Extra options for importers: keep a given id, or tag the trade with an import key. */
export interface CreateOptions {
  id?: string;
  importKey?: string;
  /** The import creating the trade. */
  importId?: string;
}

/** Builds a new, checked trade row from a validated create body. */
export function newTradeRow(
  deps: Pick<CoreDeps, 'clock' | 'ids'>,
  userId: string,
  body: TradeCreate,
  opts: CreateOptions = {},
): TradeRow {
  const now = deps.clock.now();
  const exitPrice = body.exitPrice ?? null;
  const row = withDerived({
    userId,
    id: opts.id ?? deps.ids.next(),
    instrument: body.instrument,
    direction: body.direction,
    entryPrice: body.entryPrice,
    positionSize: body.positionSize,
    entryTime: Date.parse(body.entryTime),
    stopLoss: body.stopLoss ?? null,
    takeProfit: body.takeProfit ?? null,
    setupType: body.setupType ?? null,
    notes: body.notes ?? null,
    tags: body.tags ?? [],
    fees: body.fees ?? 0,
    multiplier: body.multiplier ?? 1,
    exitPrice,
    exitTime: body.exitTime !== undefined ? Date.parse(body.exitTime) : exitPrice !== null ? now : null,
    resultMicros: body.result === undefined ? null : toMicros(body.result),
    resultManual: body.result !== undefined,
    realizedMicros: 0,
    partialExits: [],
    strategy: null,
    fxRate: null,
    fxBase: null,
    feesFromSchedule: false,
    rMultiple: null,
    account: body.account ?? null,
    assetClass: body.assetClass ?? null,
    currency: body.currency ?? null,
    underlying: body.underlying ?? null,
    expiry: body.expiry ?? null,
    strike: body.strike ?? null,
    right: body.right ?? null,
    importKey: opts.importKey ?? null,
    importId: opts.importId ?? null,
    excursion: null,
    createdAt: now,
    updatedAt: now,
  });
  checkTradeRules(row);
  return row;
}

/** Applies a validated PATCH body to a trade: `null` clears, exitPrice null reopens. */
export function applyTradeUpdate(before: TradeRow, patch: TradeUpdate, now: number): TradeRow {
  const t: TradeRow = { ...before };
  if (patch.instrument !== undefined) t.instrument = patch.instrument;
  if (patch.direction !== undefined) t.direction = patch.direction;
  if (patch.entryPrice !== undefined) t.entryPrice = patch.entryPrice;
  if (patch.positionSize !== undefined) t.positionSize = patch.positionSize;
  if (patch.entryTime !== undefined) t.entryTime = Date.parse(patch.entryTime);
  if (patch.stopLoss !== undefined) t.stopLoss = patch.stopLoss;
  if (patch.takeProfit !== undefined) t.takeProfit = patch.takeProfit;
  if (patch.setupType !== undefined) t.setupType = patch.setupType;
  if (patch.notes !== undefined) t.notes = patch.notes;
  if (patch.tags !== undefined) t.tags = patch.tags ?? [];
  if (patch.fees !== undefined) {
    t.fees = patch.fees ?? 0;
    // Fees set by hand are no longer the schedule's.
    t.feesFromSchedule = false;
  }
  if (patch.multiplier !== undefined) t.multiplier = patch.multiplier ?? 1;
  if (patch.exitTime !== undefined) t.exitTime = patch.exitTime === null ? null : Date.parse(patch.exitTime);
  if (patch.exitPrice !== undefined) t.exitPrice = patch.exitPrice;
  if (patch.account !== undefined) t.account = patch.account;
  if (patch.assetClass !== undefined) t.assetClass = patch.assetClass;
  if (patch.currency !== undefined) t.currency = patch.currency;
  if (patch.underlying !== undefined) t.underlying = patch.underlying;
  if (patch.expiry !== undefined) t.expiry = patch.expiry;
  if (patch.strike !== undefined) t.strike = patch.strike;
  if (patch.right !== undefined) t.right = patch.right;
  if (patch.result !== undefined) {
    t.resultManual = patch.result !== null;
    t.resultMicros = patch.result === null ? null : toMicros(patch.result);
  }
  if (t.exitPrice === null) {
    if (patch.exitTime === undefined || patch.exitTime === null) t.exitTime = null;
    if (patch.result === undefined || patch.result === null) t.resultManual = false;
  } else if (t.exitTime === null) {
    t.exitTime = patch.exitTime === null && before.exitTime !== null ? before.exitTime : now;
  }
  return withDerived(t);
}

/** The row fields an update compares to tell a no-op: the create fields (result by its stored form, tags in `changed`) and rMultiple. */
const COMPARED: ReadonlyArray<keyof TradeRow> = [
  ...TRADE_CREATE_FIELDS.filter((k): k is Exclude<typeof k, 'tags' | 'result'> => k !== 'tags' && k !== 'result'),
  'resultMicros',
  'resultManual',
  'rMultiple',
];

function changed(a: TradeRow, b: TradeRow): boolean {
  return COMPARED.some((k) => a[k] !== b[k]) || a.tags.join('\u0000') !== b.tags.join('\u0000');
}

/** A closed trade without a stop gets its R from the user's default risk (read only then). */
async function riskedIfNoStop(tx: Repositories, row: TradeRow): Promise<TradeRow> {
  if (row.stopLoss !== null || row.resultMicros === null) return row;
  return withDefaultRisk(row, await readSettings(tx, row.userId));
}

/**
 * What runs in a trade write's transaction once the row is written: its events and alert checks
 * (`after-write/trades.ts`, which core wires in; trades/ does not know alerts or webhooks).
 */
export interface TradeWritten {
  /** After a new trade was inserted; may answer the row as it now stands (its excursion computed). */
  created(tx: Repositories, row: TradeRow): Promise<TradeRow | undefined>;
  /** After a trade changed; may answer the row as it now stands (its excursion computed). */
  updated(tx: Repositories, before: TradeRow, after: TradeRow): Promise<TradeRow | undefined>;
  /** After a trade and its executions were deleted. */
  deleted(tx: Repositories, row: TradeRow): Promise<void>;
}

/**
 * Trade operations for one acting user; no operation can reach another user's trades.
 *
 * @example const t = await trades(deps, tradeWritten(deps)).create(userId, { instrument: 'AAPL', direction: 'long', entryPrice: 190, positionSize: 10, entryTime: '2026-11-20T14:30:00Z' });
 */
export function trades(deps: CoreDeps, written: TradeWritten) {
  const { storage } = deps;
  async function load(tx: Repositories, userId: string, id: string, forUpdate = false): Promise<TradeRow> {
    const full = await recordId(tx.ids, 'trades', userId, id, 'trade');
    const row = full === undefined ? undefined : await tx.trades.get(userId, full, { forUpdate });
    if (!row) throw notFound('trade');
    return row;
  }
  return {
    /** Creates a trade (possibly already closed) → the record. */
    async create(userId: string, input: unknown, opts: CreateOptions = {}): Promise<Trade> {
      const made = newTradeRow(deps, userId, parseInput(tradeCreateSchema, input), opts);
      const row = await storage.transaction(async (tx) => {
        const withRisk = await riskedIfNoStop(tx, made);
        await tx.trades.insert(withRisk);
        return (await written.created(tx, withRisk)) ?? withRisk;
      });
      return tradeRecord(row);
    },
    /** One trade of the user with its executions (the fills an import built it from), or `not_found`. */
    async get(userId: string, id: string): Promise<Trade> {
      const row = await load(storage.repos, userId, id);
      const executions = await storage.repos.executions.forTrade(userId, row.id);
      return { ...tradeRecord(row), executions: executions.map(executionRecord) };
    },
    /** Partial update; emits trade.updated when something changed and trade.closed on closing. */
    async update(userId: string, id: string, input: unknown): Promise<Trade> {
      const patch = parseInput(tradeUpdateSchema, input);
      return storage.transaction(async (tx) => {
        const before = await load(tx, userId, id, true);
        const candidate = await riskedIfNoStop(tx, applyTradeUpdate(before, patch, deps.clock.now()));
        if (!changed(before, candidate)) return tradeRecord(before);
        const after = { ...candidate, updatedAt: Math.max(deps.clock.now(), before.updatedAt) };
        checkTradeRules(after);
        await tx.trades.update(before, after);
        return tradeRecord((await written.updated(tx, before, after)) ?? after);
      });
    },
    /** Deletes a trade; emits trade.deleted. */
    async delete(userId: string, id: string): Promise<void> {
      await storage.transaction(async (tx) => {
        const row = await load(tx, userId, id, true);
        await tx.trades.delete(row);
        await tx.executions.deleteForTrade(userId, row.id);
        await written.deleted(tx, row);
      });
    },
    /** A page of trades, newest entry first, with pagination. */
    async list(userId: string, query: unknown): Promise<TradeList> {
      const q = parseInput(tradeListQuerySchema, query ?? {});
      const filter = await tradeQueryFor(storage.repos, userId, q);
      const page = await storage.repos.trades.list(userId, filter, { page: q.page, limit: q.limit });
      const { currency } = q;
      const times = page.rows.flatMap((t) => [
        t.entryTime,
        ...(t.exitTime === null ? [] : [t.exitTime]),
        ...t.partialExits.map((p) => p.time),
      ]);
      const span = { from: Math.min(...times), to: Math.max(...times) };
      const converter =
        currency === undefined || times.length === 0 ? undefined : await converterOf(storage.repos, userId, currency, span);
      const trades = page.rows.map((row) =>
        converter === undefined
          ? tradeRecord(row)
          : { ...tradeRecord(row), converted: convertedTrade(converter, currency as string, row) },
      );
      return { trades, pagination: paginationOf(q.page, q.limit, page.total) };
    },
  };
}
