import { rebuildExitIndex } from './covering-index.js';
import { type MigrationDefinition, notNull, recordTable, timestamps } from './dialect.js';
import { OUTCOME_COLUMNS } from './v02-v06-trade-details.js';

/** Versions 15–23: the wider exit index, user settings, trade executions, imports and import profiles. */
export const settingsAndImportMigrations: MigrationDefinition[] = [
  {
    // Statistics add holding times and fees, and the trading day of a trade depends on its
    // account's settings: the outcome scan reads entry_time, fees and account too, still from
    // the exit index alone.
    version: 15,
    name: 'exit index covers holding time, fees and account',
    up: (tools) => rebuildExitIndex(tools, [...OUTCOME_COLUMNS, 'entry_time', 'fees', 'account']),
  },
  {
    // Settings of a user (account '') and of each account that has its own, as one JSON document
    // each: later settings (risk limits) add fields to the document, not columns.
    version: 16,
    name: 'user settings',
    up: ({ schema, t }) => [
      schema
        .createTable('user_settings')
        .addColumn('user_id', t.uuid, notNull)
        .addColumn('account', t.text, notNull)
        .addColumn('document', t.text, notNull)
        .addColumn('updated_at', t.bigint, notNull)
        .addPrimaryKeyConstraint('user_settings_pkey', ['user_id', 'account']),
    ],
  },
  {
    // The executions each imported trade was built from: shown with the trade, the dedup of
    // overlapping exports (by key within an account, instrument and time) and the seed of a
    // position a later file continues.
    version: 18,
    name: 'trade executions',
    up: ({ schema, t, caps }) => {
      let table = schema
        .createTable('trade_executions')
        .addColumn('user_id', t.uuid, notNull)
        .addColumn('trade_id', t.uuid, notNull)
        .addColumn('seq', t.bigint, notNull)
        .addColumn('exec_key', t.text, notNull)
        .addColumn('account', t.text, notNull)
        .addColumn('instrument', t.text, notNull)
        .addColumn('exec_time', t.bigint, notNull)
        .addColumn('side', t.text, notNull)
        .addColumn('quantity', t.double, notNull)
        .addColumn('price', t.double, notNull)
        .addColumn('commission_micros', t.bigint, notNull)
        .addColumn('fees_micros', t.bigint, notNull)
        .addColumn('exec_id', t.text)
        .addColumn('multiplier', t.double, notNull)
        .addPrimaryKeyConstraint('trade_executions_pkey', ['user_id', 'trade_id', 'seq']);
      if (caps.clusteredTable) table = table.modifyEnd(caps.clusteredTable);
      return [
        table,
        schema
          .createIndex('trade_executions_key')
          .unique()
          .on('trade_executions')
          .columns(['user_id', 'account', 'instrument', 'exec_time', 'exec_key']),
      ];
    },
  },
  {
    // Imports become records: one row per import (its report), and each trade keeps the import that
    // created it, so an import can be listed, shown and undone.
    version: 22,
    name: 'imports and the trades they created',
    up: ({ schema, t }) => [
      recordTable({ schema, t }, 'imports', (b) =>
        b
          .addColumn('format_name', t.text, notNull)
          .addColumn('format_label', t.text, notNull)
          .addColumn('file_name', t.text)
          .addColumn('size_bytes', t.bigint, notNull)
          .addColumn('source_tz', t.text, notNull)
          .addColumn('report', t.text, notNull)
          .addColumn('trades_created', t.integer, notNull)
          .addColumn('started_at', t.bigint, notNull)
          .addColumn('finished_at', t.bigint, notNull)
          .addColumn('undone_at', t.bigint),
      ),
      schema.createIndex('imports_started').on('imports').columns(['user_id', 'started_at', 'id']),
      schema.alterTable('trades').addColumn('import_id', t.uuid),
      schema.createIndex('trades_import').on('trades').columns(['user_id', 'import_id']),
    ],
  },
  {
    // Saved column mappings (tj import --map … --save-profile NAME): each is a format of its
    // user's imports, detected by its header like the built-in ones.
    version: 23,
    name: 'import mapping profiles',
    up: ({ schema, t }) => [
      schema
        .createTable('import_profiles')
        .addColumn('user_id', t.uuid, notNull)
        .addColumn('name', t.text, notNull)
        .addColumn('profile', t.text, notNull)
        .$call(timestamps(t))
        .addPrimaryKeyConstraint('import_profiles_pkey', ['user_id', 'name']),
    ],
  },
];
