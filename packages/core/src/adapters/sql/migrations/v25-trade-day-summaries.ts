import { type MigrationDefinition, notNull } from './dialect.js';

/**
 * Integer columns of a day summary, in table order: this migration's own frozen copy of what it
 * created (runtime code derives the columns from summaries/day-fields.ts).
 */
const DAY_SUMMARY_INTEGERS = [
  'trades',
  'wins',
  'losses',
  'pnl',
  'gross_profit',
  'gross_loss',
  'fees',
  'win_hold_ms',
  'loss_hold_ms',
  'largest_win',
  'largest_loss',
  'max_prefix',
  'min_prefix',
  'max_drawdown',
  'first_run',
  'last_run',
  'one_run',
  'longest_win',
  'longest_loss',
  'r_n',
  'win_r_n',
  'loss_r_n',
] as const;

/** The columns of {@link DAY_SUMMARY_INTEGERS} that hold money in micro-units (sums and extremes). */
const DAY_SUMMARY_MONEY: ReadonlySet<string> = new Set([
  'pnl',
  'gross_profit',
  'gross_loss',
  'fees',
  'largest_win',
  'largest_loss',
  'max_prefix',
  'min_prefix',
  'max_drawdown',
]);

/** Exact R sums (scaled by 1e8) as decimal text: a sum of squares outgrows 64 bits. */
const DAY_SUMMARY_TEXTS = ['r_sum', 'r_sq', 'win_r_sum', 'loss_r_sum'] as const;

/**
 * Version 25: one row per (user, UTC day of exit) summarising that day's closed trades as the
 * statistics monoid, kept in each trade write's transaction; unfiltered statistics and the
 * dashboard summary fold these rows instead of scanning every trade (docs/analytics.md).
 */
export const tradeDaySummaryMigration: MigrationDefinition = {
  version: 25,
  name: 'trade day summaries',
  up: ({ schema, t, caps }) => {
    let table = schema
      .createTable('trade_day_summaries')
      .addColumn('user_id', t.uuid, notNull)
      .addColumn('day', t.bigint, notNull);
    // Money sums and extremes are doubles, as in the scan: a sum of the largest allowed results outgrows 64 bits.
    for (const c of DAY_SUMMARY_INTEGERS) table = table.addColumn(c, DAY_SUMMARY_MONEY.has(c) ? t.double : t.bigint, notNull);
    for (const c of DAY_SUMMARY_TEXTS) table = table.addColumn(c, t.text, notNull);
    table = table.addPrimaryKeyConstraint('trade_day_summaries_pkey', ['user_id', 'day']);
    if (caps.clusteredTable) table = table.modifyEnd(caps.clusteredTable);
    return [table];
  },
};
