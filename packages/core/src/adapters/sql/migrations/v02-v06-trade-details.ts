import { rebuildExitIndex } from './covering-index.js';
import type { MigrationDefinition } from './dialect.js';

/** The columns the exit index carries for outcome scans (version 4; version 15 adds more). */
export const OUTCOME_COLUMNS = ['result_micros', 'r_multiple'];

/** Versions 2–6: webhook failures, the exit indexes, the data version and trade instrument details. */
export const tradeDetailMigrations: MigrationDefinition[] = [
  {
    version: 2,
    name: 'webhook failure tracking',
    up: ({ schema, t }) => [schema.alterTable('webhooks').addColumn('failing_since', t.bigint)],
  },
  {
    // Statistics filtered by instrument scan one instrument's closed trades in (exit_time, id) order, and
    // count its trades and open trades index-only; without it they read every closed trade of the user.
    version: 3,
    name: 'trades by instrument and exit time',
    up: ({ schema }) => [
      schema.createIndex('trades_instrument_exit').on('trades').columns(['user_id', 'instrument_key', 'exit_time', 'id']),
    ],
  },
  {
    // Statistics, dashboard, performance, equity and R distribution read only the outcome of each
    // closed trade: covering it in the exit index answers their scan from the index alone.
    version: 4,
    name: 'covering exit index for outcome scans',
    up: (tools) => rebuildExitIndex(tools, OUTCOME_COLUMNS),
  },
  {
    // Analytics results are cached per user by this version; every trade write bumps it.
    version: 5,
    name: 'trade data version',
    up: ({ schema, t }) => [schema.alterTable('trade_counts').addColumn('version', t.bigint, (c) => c.notNull().defaultTo(0))],
  },
  {
    // Trades carry what brokers give and traders filter by; closed-trade scans filtered by account
    // walk one account's exits in order.
    version: 6,
    name: 'trade instrument details',
    up: ({ schema, t }) => [
      ...(['account', 'asset_class', 'currency', 'underlying', 'expiry'] as const).map((column) =>
        schema.alterTable('trades').addColumn(column, t.text),
      ),
      schema.alterTable('trades').addColumn('strike', t.double),
      schema.alterTable('trades').addColumn('option_right', t.text),
      schema.createIndex('trades_account_exit').on('trades').columns(['user_id', 'account', 'exit_time', 'id']),
    ],
  },
];
