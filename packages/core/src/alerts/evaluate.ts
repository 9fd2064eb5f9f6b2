import { emitEvent } from '../webhooks/outbox.js';
import type { CoreDeps } from '../shared/deps.js';
import { isoUtc } from '../shared/iso.js';
import { toMicros } from '../shared/money.js';
import type { Repositories } from '../storage/ports.js';
import type { AlertRow, TradeRow } from '../storage/rows.js';
import { initialRisk } from '../trades/derive.js';
import { openDayBreaches } from './daily-open.js';
import { checkRunning, isRunning, type RunningStates, runningStates } from './running.js';
import { trailingBreaches } from './trailing-drawdown.js';
import type { TradeChange, Trigger } from './trigger.js';

/** One stateless rule's check of a trade change. */
type Check = (alert: AlertRow, change: TradeChange) => Trigger | undefined;

// Money is compared in integer micro-units, so a threshold of 0.3 is met by a loss of exactly 0.3.
const checks: Record<'missingStopLoss' | 'riskPerTrade', Check> = {
  missingStopLoss(_alert, { trade, before }) {
    return before === undefined && trade.stopLoss === null ? { periodKey: `trade:${trade.id}`, value: 0 } : undefined;
  },
  riskPerTrade(alert, { trade, before }) {
    const risk = initialRisk(trade);
    if (risk === null || toMicros(risk) <= toMicros(alert.threshold)) return undefined;
    if (before !== undefined && initialRisk(before) === risk) return undefined;
    return { periodKey: `trade:${trade.id}`, value: risk };
  },
};

/**
 * One alert's check of a trade change. The rules about the user's closed trades (daily loss,
 * losing run, drawdown) keep a running state in `running` instead of scanning (see running.ts).
 */
export async function checkAlert(
  tx: Repositories,
  alert: AlertRow,
  change: TradeChange,
  running: RunningStates,
): Promise<Trigger | undefined> {
  const { type } = alert;
  if (isRunning(type)) return checkRunning(tx, { ...alert, type }, change, running);
  if (type === 'trailingDrawdown') return undefined;
  return checks[type](alert, change);
}

/** True when an edit changes what the trade's marks or close are made of. */
const movesMarks = (a: TradeRow, b: TradeRow) =>
  (
    [
      'instrument',
      'direction',
      'entryPrice',
      'positionSize',
      'entryTime',
      'exitPrice',
      'exitTime',
      'resultMicros',
      'fees',
      'multiplier',
    ] as const
  ).some((k) => a[k] !== b[k]);

/**
 * The prop-firm checks of a trade change (docs/analytics.md, "Prop-firm rules"): a trailing
 * drawdown breached by the trade's close or its marks, a daily loss limit counting open losses
 * breached by its marks on the days it was held. Answers each breach to fire.
 */
export async function checkMarks(tx: Repositories, deps: CoreDeps, alert: AlertRow, change: TradeChange): Promise<Trigger[]> {
  const { trade, before } = change;
  if (before !== undefined && !movesMarks(before, trade)) return [];
  const scope = { tradeIds: new Set([trade.id]) };
  if (alert.type === 'trailingDrawdown') return trailingBreaches(tx, alert, scope, change);
  if (alert.type !== 'dailyLossLimit' || !alert.countOpen) return [];
  return openDayBreaches(tx, deps, alert, scope, { from: trade.entryTime, to: (trade.exitTime ?? deps.clock.now()) + 1 });
}

/**
 * Evaluates the user's active alerts against a trade change inside its transaction; each
 * alert fires at most once per period (a day, a losing run, a drawdown from one peak, a trade)
 * and each firing is recorded and emitted as `alert.triggered`.
 */
export async function evaluateAlerts(tx: Repositories, deps: CoreDeps, change: TradeChange): Promise<void> {
  const alerts = change.alerts ?? (await tx.alerts.listActive(change.trade.userId));
  const running = runningStates(tx, change.trade.userId);
  for (const alert of alerts) {
    if (!alert.active) continue;
    const trigger = await checkAlert(tx, alert, change, running);
    if (trigger) await fire(tx, deps, alert, change.trade, trigger);
    for (const breach of await checkMarks(tx, deps, alert, change)) await fire(tx, deps, alert, change.trade, breach);
  }
}

/**
 * Records an alert's firing once per period and emits `alert.triggered`; a breach between two
 * closes adds `breach: { time, price, instrument }` to the event (docs/webhooks.md).
 */
export async function fire(
  tx: Repositories,
  deps: CoreDeps,
  alert: AlertRow,
  trade: Pick<TradeRow, 'id'>,
  t: Trigger,
): Promise<void> {
  const triggeredAt = deps.clock.now();
  const id = deps.ids.next();
  const inserted = await tx.alerts.insertEventOnce({
    userId: alert.userId,
    id,
    alertId: alert.id,
    periodKey: t.periodKey,
    value: t.value,
    tradeId: t.tradeId ?? trade.id,
    triggeredAt,
  });
  if (!inserted) return;
  await emitEvent(tx, deps, alert.userId, 'alert.triggered', {
    alertId: alert.id,
    name: alert.name,
    type: alert.type,
    threshold: alert.threshold,
    value: t.value,
    tradeId: t.tradeId ?? trade.id,
    triggeredAt: isoUtc(triggeredAt),
    ...(t.breach && { breach: { time: isoUtc(t.breach.time), price: t.breach.price, instrument: t.breach.instrument } }),
  });
}
