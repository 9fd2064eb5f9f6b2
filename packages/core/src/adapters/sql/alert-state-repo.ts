import type { Selectable } from 'kysely';
import type { AlertRepo } from '../../storage/ports.js';
import type { AlertStateRow } from '../../storage/rows.js';
import type { SqlContext } from './context.js';
import type { Database } from './schema.js';

type Record = Selectable<Database['alert_states']>;

function fromRecord(r: Record): AlertStateRow {
  const nullable = (v: number | string | null) => (v === null ? null : Number(v));
  return {
    userId: r.user_id,
    alertId: r.alert_id,
    basis: r.basis,
    version: Number(r.version),
    lastExitTime: nullable(r.last_exit_time),
    lastTradeId: r.last_trade_id,
    cumulativeMicros: Number(r.cumulative_micros),
    peakMicros: Number(r.peak_micros),
    peakKey: r.peak_key,
    peakExitTime: nullable(r.peak_exit_time),
    checkpointExitTime: nullable(r.checkpoint_exit_time),
    checkpointTradeId: r.checkpoint_trade_id,
    checkpointCumulativeMicros: Number(r.checkpoint_cumulative_micros),
    checkpointPeakMicros: Number(r.checkpoint_peak_micros),
    checkpointPeakKey: r.checkpoint_peak_key,
    checkpointPeakExitTime: nullable(r.checkpoint_peak_exit_time),
    runLength: Number(r.run_length),
    runFirstId: r.run_first_id,
    runFirstExitTime: nullable(r.run_first_exit_time),
    runBreakerId: r.run_breaker_id,
    runBreakerExitTime: nullable(r.run_breaker_exit_time),
    day: nullable(r.day),
    dayPnlMicros: Number(r.day_pnl_micros),
  };
}

function toRecord(s: AlertStateRow): Record {
  return {
    user_id: s.userId,
    alert_id: s.alertId,
    basis: s.basis,
    version: s.version,
    last_exit_time: s.lastExitTime,
    last_trade_id: s.lastTradeId,
    cumulative_micros: s.cumulativeMicros,
    peak_micros: s.peakMicros,
    peak_key: s.peakKey,
    peak_exit_time: s.peakExitTime,
    checkpoint_exit_time: s.checkpointExitTime,
    checkpoint_trade_id: s.checkpointTradeId,
    checkpoint_cumulative_micros: s.checkpointCumulativeMicros,
    checkpoint_peak_micros: s.checkpointPeakMicros,
    checkpoint_peak_key: s.checkpointPeakKey,
    checkpoint_peak_exit_time: s.checkpointPeakExitTime,
    run_length: s.runLength,
    run_first_id: s.runFirstId,
    run_first_exit_time: s.runFirstExitTime,
    run_breaker_id: s.runBreakerId,
    run_breaker_exit_time: s.runBreakerExitTime,
    day: s.day,
    day_pnl_micros: s.dayPnlMicros,
  };
}

/** The running states of alert rules on SQL (part of the alert repository). */
export function sqlAlertStates({ db }: SqlContext): Pick<AlertRepo, 'listStates' | 'putState'> {
  return {
    async listStates(userId) {
      return (await db.selectFrom('alert_states').selectAll().where('user_id', '=', userId).execute()).map(fromRecord);
    },
    async putState(s) {
      const { user_id: _u, alert_id: _a, ...changes } = toRecord(s);
      await db
        .insertInto('alert_states')
        .values(toRecord(s))
        .onConflict((oc) => oc.columns(['user_id', 'alert_id']).doUpdateSet(changes))
        .execute();
    },
  };
}
