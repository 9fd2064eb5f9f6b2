import { type MigrationDefinition, notNull } from './dialect.js';

/**
 * Version 33: price bars and excursions (docs/decisions.md, "Price bars"; docs/analytics.md,
 * "Excursions").
 *
 * - bars: the user's OHLCV bars, keyed (user_id, instrument_key, timeframe, time): the user's own
 *   data, like every table here (market-data licences bind the subscriber, so no bar one user
 *   brought is ever read for another). Clustered on the key where the database can, so the bars a
 *   trade covers are one range read.
 * - bar_ranges: the stretches each series is known complete over (a file's span, a provider's
 *   requested range): what tells a quiet minute from a gap, and a range never fetched twice.
 * - trades: the excursion as JSON, and its money, R and ETD figures as columns analytics read.
 */
export const barsMigration: MigrationDefinition = {
  version: 33,
  name: 'price bars, bar ranges, trade excursions',
  up: ({ schema, t, caps }) => [
    schema
      .createTable('bars')
      .addColumn('user_id', t.uuid, notNull)
      .addColumn('instrument_key', t.text, notNull)
      .addColumn('timeframe', t.integer, notNull)
      .addColumn('time', t.bigint, notNull)
      .addColumn('open', t.double, notNull)
      .addColumn('high', t.double, notNull)
      .addColumn('low', t.double, notNull)
      .addColumn('close', t.double, notNull)
      .addColumn('volume', t.double)
      .addPrimaryKeyConstraint('bars_pkey', ['user_id', 'instrument_key', 'timeframe', 'time'])
      .$call((table) => (caps.clusteredTable ? table.modifyEnd(caps.clusteredTable) : table)),
    schema
      .createTable('bar_ranges')
      .addColumn('user_id', t.uuid, notNull)
      .addColumn('instrument_key', t.text, notNull)
      .addColumn('timeframe', t.integer, notNull)
      .addColumn('start_time', t.bigint, notNull)
      .addColumn('end_time', t.bigint, notNull)
      .addColumn('source', t.text, notNull)
      .addPrimaryKeyConstraint('bar_ranges_pkey', ['user_id', 'instrument_key', 'timeframe', 'start_time', 'end_time'])
      .$call((table) => (caps.clusteredTable ? table.modifyEnd(caps.clusteredTable) : table)),
    schema.alterTable('trades').addColumn('excursion', t.text),
    schema.alterTable('trades').addColumn('mae_micros', t.bigint),
    schema.alterTable('trades').addColumn('mfe_micros', t.bigint),
    schema.alterTable('trades').addColumn('mae_r', t.double),
    schema.alterTable('trades').addColumn('mfe_r', t.double),
    schema.alterTable('trades').addColumn('etd_micros', t.bigint),
  ],
};
