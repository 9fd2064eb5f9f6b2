import { emitEvent } from '../events/emit.js';
import { dayKey } from '../shared/calendar.js';
import type { TradingDays } from '../shared/trading-day.js';
import { tradingDaysFor } from '../settings/service.js';
import type { CoreDeps } from '../shared/deps.js';
import { isoUtc } from '../shared/iso.js';
import { fromMicros, toMicros } from '../shared/money.js';
import type { Repositories } from '../storage/ports.js';
import type { AlertRow, TradeRow } from '../storage/rows.js';
import { initialRisk } from '../trades/derive.js';

/** A trade change that alerts look at: `before` is undefined for a new trade. */
export interface TradeChange {
  trade: TradeRow;
  before: TradeRow | undefined;
  /** Active alerts of the user, when the caller already has them (bulk imports). */
  alerts?: AlertRow[];
}

/** When and how much an alert fired for. */
export interface Trigger {
  periodKey: string;
  value: number;
}

/** One rule's check of a trade change. */
export type Check = (tx: Repositories, alert: AlertRow, change: TradeChange) => Promise<Trigger | undefined>;

const closesOrMovesExit = ({ trade, before }: TradeChange): boolean =>
  trade.exitTime !== null &&
  (before === undefined || before.exitTime !== trade.exitTime || before.resultMicros !== trade.resultMicros);

/** The current run of losing closed trades (newest backwards): its length and its first trade. */
async function losingRun(
  tx: Repositories,
  userId: string,
  atLeast: number,
): Promise<{ length: number; firstId: string } | undefined> {
  for (let limit = atLeast + 1; ; limit *= 4) {
    const latest = await tx.trades.latestClosed(userId, limit);
    let length = 0;
    while (length < latest.length && (latest[length]?.resultMicros ?? 0) < 0) length++;
    if (length < atLeast) return undefined;
    if (length < latest.length || latest.length < limit) return { length, firstId: latest[length - 1]?.id ?? '' };
  }
}

/** P&L (micros) of the exits whose trading day (under each one's account clock) is `day`. */
async function tradingDayPnlMicros(tx: Repositories, userId: string, days: TradingDays, day: number): Promise<number> {
  if (!days.perAccount) return tx.trades.exitPnlMicros(userId, days.user.startOf(day), days.user.startOf(day + 1));
  const { from, to } = days.span(day, day);
  let pnl = 0;
  for await (const batch of tx.trades.closedOutcomesWithCosts(userId, { exitFrom: from, exitTo: to })) {
    for (const f of batch) if (days.dayOf(f.exitTime, f.account) === day) pnl += f.resultMicros;
  }
  return pnl;
}

// Money is compared in integer micro-units, so a threshold of 0.3 is met by a loss of exactly 0.3.
export const checks: Record<AlertRow['type'], Check> = {
  async missingStopLoss(_tx, _alert, { trade, before }) {
    return before === undefined && trade.stopLoss === null ? { periodKey: `trade:${trade.id}`, value: 0 } : undefined;
  },
  async riskPerTrade(_tx, alert, { trade, before }) {
    const risk = initialRisk(trade);
    if (risk === null || toMicros(risk) <= toMicros(alert.threshold)) return undefined;
    if (before !== undefined && initialRisk(before) === risk) return undefined;
    return { periodKey: `trade:${trade.id}`, value: risk };
  },
  async dailyLossLimit(tx, alert, change) {
    if (!closesOrMovesExit(change)) return undefined;
    const { trade } = change;
    const days = await tradingDaysFor(tx, trade.userId, alert.tz);
    const day = days.dayOf(trade.exitTime as number, trade.account);
    const pnl = await tradingDayPnlMicros(tx, trade.userId, days, day);
    if (pnl > -toMicros(alert.threshold)) return undefined;
    return { periodKey: `day:${dayKey(day)}`, value: fromMicros(pnl) };
  },
  async maxConsecutiveLosses(tx, alert, change) {
    const n = Math.ceil(alert.threshold);
    if (n < 1 || !closesOrMovesExit(change) || (change.trade.resultMicros ?? 0) >= 0) return undefined;
    // Once per run: a run that grows past the threshold (or jumps over it) keeps its first trade.
    const run = await losingRun(tx, change.trade.userId, n);
    return run && { periodKey: `run:${run.firstId}`, value: run.length };
  },
  async maxDrawdown(tx, alert, change) {
    if (!closesOrMovesExit(change)) return undefined;
    let cumulative = 0;
    let peak = 0;
    let peakKey = 'start';
    for await (const batch of tx.trades.closedOutcomes(change.trade.userId, {})) {
      for (const f of batch) {
        cumulative += f.resultMicros;
        if (cumulative > peak) {
          peak = cumulative;
          peakKey = f.id;
        }
      }
    }
    const drawdown = peak - cumulative;
    if (drawdown <= 0 || drawdown < toMicros(alert.threshold)) return undefined;
    return { periodKey: `peak:${peakKey}`, value: fromMicros(drawdown) };
  },
};

/**
 * Evaluates the user's active alerts against a trade change inside its transaction; each
 * alert fires at most once per period (a day, a losing run, a drawdown from one peak, a trade)
 * and each firing is recorded and emitted as `alert.triggered`.
 */
export async function evaluateAlerts(tx: Repositories, deps: CoreDeps, change: TradeChange): Promise<void> {
  const alerts = change.alerts ?? (await tx.alerts.listActive(change.trade.userId));
  for (const alert of alerts) {
    if (!alert.active) continue;
    const trigger = await checks[alert.type](tx, alert, change);
    if (trigger) await fire(tx, deps, alert, change.trade, trigger);
  }
}

/** Records an alert's firing once per period and emits `alert.triggered`. */
export async function fire(tx: Repositories, deps: CoreDeps, alert: AlertRow, trade: TradeRow, t: Trigger): Promise<void> {
  const triggeredAt = deps.clock.now();
  const id = deps.ids.next();
  const inserted = await tx.alerts.insertEventOnce({
    userId: alert.userId,
    id,
    alertId: alert.id,
    periodKey: t.periodKey,
    value: t.value,
    tradeId: trade.id,
    triggeredAt,
  });
  if (!inserted) return;
  await emitEvent(tx, deps, alert.userId, 'alert.triggered', {
    alertId: alert.id,
    name: alert.name,
    type: alert.type,
    threshold: alert.threshold,
    value: t.value,
    tradeId: trade.id,
    triggeredAt: isoUtc(triggeredAt),
  });
}
