import { emitEvent } from '../events/emit.js';
import { dayKey, getCalendar } from '../shared/calendar.js';
import type { CoreDeps } from '../shared/deps.js';
import { fromMicros, MICROS } from '../shared/money.js';
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

interface Trigger {
  periodKey: string;
  value: number;
}

type Check = (tx: Repositories, alert: AlertRow, change: TradeChange) => Promise<Trigger | undefined>;

const closesOrMovesExit = ({ trade, before }: TradeChange): boolean =>
  trade.exitTime !== null &&
  (before === undefined || before.exitTime !== trade.exitTime || before.resultMicros !== trade.resultMicros);

const checks: Record<AlertRow['type'], Check> = {
  async missingStopLoss(_tx, _alert, { trade, before }) {
    return before === undefined && trade.stopLoss === null ? { periodKey: `trade:${trade.id}`, value: 0 } : undefined;
  },
  async riskPerTrade(_tx, alert, { trade, before }) {
    const risk = initialRisk(trade);
    if (risk === null || risk <= alert.threshold) return undefined;
    if (before !== undefined && initialRisk(before) === risk) return undefined;
    return { periodKey: `trade:${trade.id}`, value: risk };
  },
  async dailyLossLimit(tx, alert, change) {
    if (!closesOrMovesExit(change)) return undefined;
    const cal = getCalendar(alert.tz);
    const day = cal.civilDay(change.trade.exitTime as number);
    const pnl = await tx.trades.exitPnlMicros(change.trade.userId, cal.startOfDay(day), cal.startOfDay(day + 1));
    if (pnl > -alert.threshold * MICROS) return undefined;
    return { periodKey: `day:${dayKey(day)}`, value: fromMicros(pnl) };
  },
  async maxConsecutiveLosses(tx, alert, change) {
    const n = Math.floor(alert.threshold);
    if (n < 1 || !closesOrMovesExit(change) || (change.trade.resultMicros ?? 0) >= 0) return undefined;
    const latest = await tx.trades.latestClosed(change.trade.userId, n + 1);
    let run = 0;
    while (run < latest.length && (latest[run]?.resultMicros ?? 0) < 0) run++;
    if (run !== n) return undefined;
    return { periodKey: `run:${latest[n - 1]?.id}`, value: n };
  },
  async maxDrawdown(tx, alert, change) {
    if (!closesOrMovesExit(change)) return undefined;
    let cumulative = 0;
    let peak = 0;
    let peakKey = 'start';
    for await (const batch of tx.trades.closedFacts(change.trade.userId, {})) {
      for (const f of batch) {
        cumulative += f.resultMicros;
        if (cumulative > peak) {
          peak = cumulative;
          peakKey = f.id;
        }
      }
    }
    const drawdown = peak - cumulative;
    if (drawdown <= 0 || drawdown < alert.threshold * MICROS) return undefined;
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

async function fire(tx: Repositories, deps: CoreDeps, alert: AlertRow, trade: TradeRow, t: Trigger): Promise<void> {
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
    triggeredAt: new Date(triggeredAt).toISOString(),
  });
}
