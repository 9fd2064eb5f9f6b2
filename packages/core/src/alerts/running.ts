import { tradingDaysFor } from '../settings/read.js';
import type { TradingDays } from '../shared/trading-day.js';
import type { Repositories } from '../storage/ports.js';
import type { AlertRow, AlertStateRow, TradeRow } from '../storage/rows.js';
import type { TradeChange, Trigger } from './trigger.js';
import { dayLoss } from './running-daily.js';
import { type Folded, isAfter, type RunningType } from './running-fold.js';
import { RUNNING_RULES } from './running-rules.js';

/**
 * The user's running alert states as one evaluation (one trade write, or one import) sees them:
 * the data version after the write and the stored states, read once on first use.
 */
export interface RunningStates {
  readonly userId: string;
  /** True when no stored state may be trusted: an import wrote many trades under one version bump. */
  readonly rebuild: boolean;
  load(): Promise<{ version: number; states: Map<string, AlertStateRow> }>;
  /** Rebuilt states of this evaluation by rule and basis, so alerts of one kind share one scan. */
  rebuilt: Map<string, Promise<Folded>>;
}

/** The running states of `userId` in `tx`, loaded lazily (a user without such alerts reads nothing). */
export function runningStates(tx: Repositories, userId: string, opts: { rebuild?: boolean } = {}): RunningStates {
  let loaded: ReturnType<RunningStates['load']> | undefined;
  return {
    userId,
    rebuild: opts.rebuild ?? false,
    rebuilt: new Map(),
    load: () => {
      loaded ??= (async () => {
        const version = await tx.trades.dataVersion(userId);
        const states = new Map((await tx.alerts.listStates(userId)).map((s) => [s.alertId, s]));
        return { version, states };
      })();
      return loaded;
    },
  };
}

/** True for the alert types that keep a running state. */
export const isRunning = (type: AlertRow['type']): type is RunningType => type in RUNNING_RULES;

/** True when the change closes a trade, or moves a closed trade's exit or result: what the running rules react to. */
export const closesOrMovesExit = ({ trade, before }: TradeChange): boolean =>
  trade.exitTime !== null &&
  (before === undefined || before.exitTime !== trade.exitTime || before.resultMicros !== trade.resultMicros);

/** True when the change leaves the user's closed trades as the rules see them (exit and result) unchanged. */
function leavesClosedAlone({ trade, before }: TradeChange): boolean {
  if (trade.exitTime === null) return before === undefined || before.exitTime === null;
  return before !== undefined && before.exitTime === trade.exitTime && before.resultMicros === trade.resultMicros;
}

/** True when two versions of a trade have the same partial exits. */
function samePartials(a: TradeRow, b: TradeRow): boolean {
  const [p, q] = [a.partialExits, b.partialExits];
  return p.length === q.length && p.every((x, i) => x.time === q[i]?.time && x.pnlMicros === q[i]?.pnlMicros);
}

/** The time of the latest partial exit the change books (one `before` did not have), if any. */
function latestNewPartial({ trade, before }: TradeChange): number | undefined {
  const had = new Set((before?.partialExits ?? []).map((p) => `${p.time}:${p.pnlMicros}`));
  let latest: number | undefined;
  for (const p of trade.partialExits)
    if (!had.has(`${p.time}:${p.pnlMicros}`) && (latest === undefined || p.time > latest)) latest = p.time;
  return latest;
}

/** What of the alert a state depends on: its zone (days) and its last edit (an edit rebuilds). */
const basisOf = (alert: AlertRow) => `${alert.tz} ${alert.updatedAt}`;

/**
 * Checks a running rule against a trade change: O(1) when the state reflects the data version
 * just before this write and the change is a new close (after every folded close, or before
 * them where the rule can tell); otherwise the scan the rule always did, which rebuilds the
 * state. Returns the trigger exactly as the scan would.
 */
export async function checkRunning(
  tx: Repositories,
  alert: AlertRow & { type: RunningType },
  change: TradeChange,
  running: RunningStates,
): Promise<Trigger | undefined> {
  const rule = RUNNING_RULES[alert.type];
  let days: TradingDays | undefined;
  // The daily loss limit also hears a write that books partial exits: the day of the latest one.
  const partial = alert.type === 'dailyLossLimit' ? latestNewPartial(change) : undefined;
  if (alert.type === 'dailyLossLimit') {
    days = await tradingDaysFor(tx, alert.userId, alert.tz);
    // Days of several clocks are not ordered by exit time: such a user's day is read as before.
    if (days.perAccount) {
      const time = closesOrMovesExit(change) ? change.trade.exitTime : partial;
      return time == null ? undefined : dayLoss(tx, alert, change.trade, time, days);
    }
  }
  const { version, states } = await running.load();
  const prior = states.get(alert.id);
  const basis = basisOf(alert);
  const valid = !running.rebuild && prior !== undefined && prior.version === version - 1 && prior.basis === basis;
  const save = async (folded: Folded) => {
    const row: AlertStateRow = { ...folded, userId: alert.userId, alertId: alert.id, basis, version };
    await tx.alerts.putState(row);
    states.set(alert.id, row);
  };
  if (!closesOrMovesExit(change)) {
    // New partial exits are P&L the daily state has not seen: it is left behind, to be rebuilt.
    const unseen = alert.type === 'dailyLossLimit' && change.before !== undefined && !samePartials(change.before, change.trade);
    if (valid && leavesClosedAlone(change) && partial === undefined && !unseen) await save(prior);
    return partial === undefined ? undefined : dayLoss(tx, alert, change.trade, partial, days as TradingDays);
  }
  // A new close (not an edit of one the state folded in) after every folded one folds in; one
  // before them is taken in where its rule can tell in O(1); anything else rescans.
  const { trade, before } = change;
  let state: Folded | undefined;
  if (valid && (before === undefined || before.exitTime === null)) {
    state = isAfter(trade, prior.lastExitTime, prior.lastTradeId)
      ? await rule.fold(tx, prior, trade, days)
      : await rule.insert(tx, prior, trade, days);
  }
  state ??= await rebuilt(tx, alert, running, days);
  await save(state);
  return rule.trigger(tx, alert, trade, state, days);
}

/** The rule's state by a scan, shared by the alerts of one evaluation that need the same one. */
function rebuilt(
  tx: Repositories,
  alert: AlertRow & { type: RunningType },
  running: RunningStates,
  days: TradingDays | undefined,
) {
  const key = alert.type === 'dailyLossLimit' ? `${alert.type} ${alert.tz}` : alert.type;
  let state = running.rebuilt.get(key);
  if (!state) {
    state = RUNNING_RULES[alert.type].rebuild(tx, alert.userId, days);
    running.rebuilt.set(key, state);
  }
  return state;
}
