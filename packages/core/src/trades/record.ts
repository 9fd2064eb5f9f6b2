import { rSourceOf } from './default-risk.js';
import type { Trade, TradeExecution } from '@tj/schemas';
import { fromMicros } from '../shared/money.js';
import { isoUtc } from '../shared/iso.js';
import type { ExecutionRow, TradeListRow, TradeRow } from '../storage/rows.js';

const iso = isoUtc;

/** The API shape of a stored trade. */
export function tradeRecord(t: TradeListRow): Trade {
  return {
    id: t.id,
    instrument: t.instrument,
    direction: t.direction,
    entryPrice: t.entryPrice,
    positionSize: t.positionSize,
    entryTime: iso(t.entryTime),
    stopLoss: t.stopLoss,
    takeProfit: t.takeProfit,
    setupType: t.setupType,
    notes: t.notes,
    tags: t.tags,
    fees: t.fees,
    multiplier: t.multiplier,
    exitPrice: t.exitPrice,
    exitTime: t.exitTime === null ? null : iso(t.exitTime),
    result: t.resultMicros === null ? null : fromMicros(t.resultMicros),
    realizedPnL: fromMicros(t.exitPrice !== null && t.resultMicros !== null ? t.resultMicros : t.realizedMicros),
    partialExits: t.partialExits.map((p) => ({ time: iso(p.time), realizedPnL: fromMicros(p.pnlMicros) })),
    strategy: t.strategy,
    feesFromSchedule: t.feesFromSchedule,
    rMultiple: t.rMultiple,
    rSource: rSourceOf(t),
    status: t.exitPrice === null ? 'open' : 'closed',
    account: t.account,
    assetClass: t.assetClass,
    currency: t.currency,
    fxRateToBase: t.fxRate,
    underlying: t.underlying,
    expiry: t.expiry,
    strike: t.strike,
    right: t.right,
    importId: t.importId,
    excursion: t.excursion,
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
  };
}

/** Data of the `trade.closed` event: the record plus `tradeId`. */
export function tradeClosedData(t: TradeRow): Record<string, unknown> {
  return { tradeId: t.id, ...tradeRecord(t) };
}

/** The API shape of a stored execution. */
export function executionRecord(e: ExecutionRow): TradeExecution {
  return {
    time: iso(e.time),
    side: e.side,
    quantity: e.quantity,
    price: e.price,
    commission: fromMicros(e.commissionMicros),
    fees: fromMicros(e.feesMicros),
    execId: e.execId,
    instrument: e.instrument,
    action: e.action,
    orderId: e.orderRef,
  };
}
