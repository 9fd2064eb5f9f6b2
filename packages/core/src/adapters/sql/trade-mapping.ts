import type { Insertable, Selectable } from 'kysely';
import type { PartialExitRow, TradeListRow, TradeRow } from '../../storage/rows.js';
import { jsonArray } from './row-values.js';
import type { Database } from './schema.js';

/** The columns a list row is read from: what a trade record shows. */
export const LIST_COLUMNS = [
  'id',
  'instrument',
  'direction',
  'entry_price',
  'position_size',
  'entry_time',
  'stop_loss',
  'take_profit',
  'setup_type',
  'notes',
  'tags',
  'fees',
  'multiplier',
  'exit_price',
  'exit_time',
  'result_micros',
  'r_multiple',
  'created_at',
  'updated_at',
  'account',
  'asset_class',
  'currency',
  'underlying',
  'expiry',
  'strike',
  'option_right',
  'import_id',
  'realized_micros',
  'partial_exits',
  'strategy',
  'fx_rate',
  'fx_base',
  'fees_from_schedule',
  'excursion',
] as const;

/** The columns a full TradeRow is read from (not the user id, lower-cased instrument or status: they are derived). */
export const TRADE_COLUMNS = [...LIST_COLUMNS, 'result_manual', 'import_key'] as const;

type ListRecord = Pick<Selectable<Database['trades']>, (typeof LIST_COLUMNS)[number]>;
export type TradeRecord = Pick<Selectable<Database['trades']>, (typeof TRADE_COLUMNS)[number]>;

/** A trades table row (its {@link LIST_COLUMNS}) as a list row of `userId`. */
export function tradeListFromRecord(r: ListRecord, userId: string): TradeListRow {
  return {
    userId,
    id: r.id,
    instrument: r.instrument,
    direction: r.direction as TradeRow['direction'],
    entryPrice: r.entry_price,
    positionSize: r.position_size,
    entryTime: r.entry_time,
    stopLoss: r.stop_loss,
    takeProfit: r.take_profit,
    setupType: r.setup_type,
    notes: r.notes,
    tags: r.tags === '[]' ? [] : jsonArray(r.tags),
    fees: r.fees,
    multiplier: r.multiplier,
    exitPrice: r.exit_price,
    exitTime: r.exit_time,
    resultMicros: r.result_micros,
    rMultiple: r.r_multiple,
    account: r.account,
    assetClass: r.asset_class as TradeRow['assetClass'],
    currency: r.currency,
    underlying: r.underlying,
    expiry: r.expiry,
    strike: r.strike,
    right: r.option_right as TradeRow['right'],
    importId: r.import_id,
    realizedMicros: Number(r.realized_micros),
    partialExits: partialExitsOf(r.partial_exits),
    strategy: r.strategy as TradeRow['strategy'],
    fxRate: r.fx_rate,
    fxBase: r.fx_base,
    feesFromSchedule: Boolean(Number(r.fees_from_schedule)),
    excursion: r.excursion === null ? null : (JSON.parse(r.excursion) as TradeRow['excursion']),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The partial exits column (JSON `[[timeMs, pnlMicros], …]` or null) as rows. */
export function partialExitsOf(column: string | null): PartialExitRow[] {
  if (column === null) return [];
  return (JSON.parse(column) as [number, number][]).map(([time, pnlMicros]) => ({ time, pnlMicros }));
}

/** Partial exit rows as their column: null without any. */
export function partialExitsColumn(rows: readonly PartialExitRow[]): string | null {
  return rows.length === 0 ? null : JSON.stringify(rows.map((p) => [p.time, p.pnlMicros]));
}

/** A trades table row (its {@link TRADE_COLUMNS}) as a storage TradeRow of `userId`. */
export function tradeFromRecord(r: TradeRecord, userId: string): TradeRow {
  return { ...tradeListFromRecord(r, userId), resultManual: Boolean(r.result_manual), importKey: r.import_key };
}

/** A storage TradeRow as a trades table row (not its excursion: only `setExcursions` writes that). */
export function tradeToRecord(t: TradeRow): Insertable<Database['trades']> {
  return {
    user_id: t.userId,
    id: t.id,
    instrument: t.instrument,
    instrument_key: t.instrument.toLowerCase(),
    direction: t.direction,
    entry_price: t.entryPrice,
    position_size: t.positionSize,
    entry_time: t.entryTime,
    stop_loss: t.stopLoss,
    take_profit: t.takeProfit,
    setup_type: t.setupType,
    notes: t.notes,
    tags: JSON.stringify(t.tags),
    fees: t.fees,
    multiplier: t.multiplier,
    exit_price: t.exitPrice,
    exit_time: t.exitTime,
    result_micros: t.resultMicros,
    result_manual: t.resultManual ? 1 : 0,
    r_multiple: t.rMultiple,
    status: t.exitPrice === null ? 'open' : 'closed',
    import_key: t.importKey,
    import_id: t.importId,
    account: t.account,
    asset_class: t.assetClass,
    currency: t.currency,
    underlying: t.underlying,
    expiry: t.expiry,
    strike: t.strike,
    option_right: t.right,
    realized_micros: t.realizedMicros,
    partial_exits: partialExitsColumn(t.partialExits),
    strategy: t.strategy,
    fx_rate: t.fxRate,
    fx_base: t.fxBase,
    fees_from_schedule: t.feesFromSchedule ? 1 : 0,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
  };
}
