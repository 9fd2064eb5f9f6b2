import { type MigrationDefinition, notNull } from './dialect.js';

/** Version 24: the running state of each alert rule that would otherwise rescan the user's trades. */
export const alertStateMigrations: MigrationDefinition[] = [
  {
    // One row per (user, alert): what the rule has folded so far (cumulative P&L and peak, the
    // current losing run, the current trading day's P&L), the last closed trade folded in, and the
    // trades data version it reflects, so a new close costs O(1) instead of a scan. Sums of money
    // are doubles, as in the scan they stand for: a sum of the largest allowed results outgrows 64 bits.
    version: 24,
    name: 'alert running states',
    up: ({ schema, t, caps }) => [
      schema
        .createTable('alert_states')
        .addColumn('user_id', t.uuid, notNull)
        .addColumn('alert_id', t.uuid, notNull)
        .addColumn('basis', t.text, notNull)
        .addColumn('version', t.bigint, notNull)
        .addColumn('last_exit_time', t.bigint)
        .addColumn('last_trade_id', t.uuid)
        .addColumn('cumulative_micros', t.double, notNull)
        .addColumn('peak_micros', t.double, notNull)
        .addColumn('peak_key', t.text, notNull)
        .addColumn('peak_exit_time', t.bigint)
        .addColumn('checkpoint_exit_time', t.bigint)
        .addColumn('checkpoint_trade_id', t.uuid)
        .addColumn('checkpoint_cumulative_micros', t.double, notNull)
        .addColumn('checkpoint_peak_micros', t.double, notNull)
        .addColumn('checkpoint_peak_key', t.text, notNull)
        .addColumn('checkpoint_peak_exit_time', t.bigint)
        .addColumn('run_length', t.bigint, notNull)
        .addColumn('run_first_id', t.uuid)
        .addColumn('run_first_exit_time', t.bigint)
        .addColumn('run_breaker_id', t.uuid)
        .addColumn('run_breaker_exit_time', t.bigint)
        .addColumn('day', t.bigint)
        .addColumn('day_pnl_micros', t.double, notNull)
        .addPrimaryKeyConstraint('alert_states_pkey', ['user_id', 'alert_id'])
        .$call((table) => (caps.clusteredTable ? table.modifyEnd(caps.clusteredTable) : table)),
    ],
  },
];
