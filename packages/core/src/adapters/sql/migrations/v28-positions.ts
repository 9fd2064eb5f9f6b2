import { type MigrationDefinition, notNull } from './dialect.js';

/**
 * Version 28: positions as traders book them (docs/analytics.md, "Positions").
 *
 * - trades: `realized_micros`, the P&L its partial exits booked before the trade closed (net of
 *   the closed part's fees; 0 without partial exits), `partial_exits`, those bookings as JSON
 *   `[[timeMs, pnlMicros], …]` (null without any), and `strategy`, the option strategy of a
 *   position of several legs (null for a single instrument).
 * - trade_executions: each leg's own instrument details, the broker's order reference that
 *   grouped it, and what the execution was (null for a trade; `expiry`, `assignment`, `exercise`).
 * - corporate_actions: splits and symbol changes, by hand or from a broker file, led by user_id.
 */
export const positionsMigration: MigrationDefinition = {
  version: 28,
  name: 'positions: partial exits, strategies, corporate actions',
  up: ({ schema, t, caps }) => [
    schema.alterTable('trades').addColumn('realized_micros', t.bigint, (c) => c.notNull().defaultTo(0)),
    schema.alterTable('trades').addColumn('partial_exits', t.text),
    schema.alterTable('trades').addColumn('strategy', t.text),
    schema.alterTable('trade_executions').addColumn('asset_class', t.text),
    schema.alterTable('trade_executions').addColumn('underlying', t.text),
    schema.alterTable('trade_executions').addColumn('expiry', t.text),
    schema.alterTable('trade_executions').addColumn('strike', t.double),
    schema.alterTable('trade_executions').addColumn('option_right', t.text),
    schema.alterTable('trade_executions').addColumn('order_ref', t.text),
    schema.alterTable('trade_executions').addColumn('action', t.text),
    schema
      .createTable('corporate_actions')
      .addColumn('user_id', t.uuid, notNull)
      .addColumn('id', t.uuid, notNull)
      .addColumn('kind', t.text, notNull)
      .addColumn('account', t.text)
      .addColumn('instrument', t.text, notNull)
      .addColumn('effective_at', t.bigint, notNull)
      .addColumn('ratio_from', t.double)
      .addColumn('ratio_to', t.double)
      .addColumn('new_instrument', t.text)
      .addColumn('note', t.text)
      .addColumn('action_key', t.text)
      .addColumn('import_id', t.uuid)
      .addColumn('created_at', t.bigint, notNull)
      .addPrimaryKeyConstraint('corporate_actions_pkey', ['user_id', 'id'])
      .$call((table) => (caps.clusteredTable ? table.modifyEnd(caps.clusteredTable) : table)),
    schema.createIndex('corporate_actions_instrument').on('corporate_actions').columns(['user_id', 'instrument', 'effective_at']),
    schema.createIndex('corporate_actions_key').unique().on('corporate_actions').columns(['user_id', 'action_key']),
  ],
};
