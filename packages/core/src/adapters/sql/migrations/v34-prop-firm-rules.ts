import type { MigrationDefinition } from './dialect.js';

/**
 * Version 34: the prop-firm options of alert rules (docs/analytics.md, "Prop-firm rules"): a
 * trailingDrawdown's starting balance, trailing mode and whether it stops trailing at the starting
 * balance; a dailyLossLimit's choice to count open positions at their worst mark. Existing rules
 * keep their behaviour: the new columns are null or 0 for them.
 */
export const propFirmRulesMigration: MigrationDefinition = {
  version: 34,
  name: 'prop-firm alert options',
  up: ({ schema, t }) => [
    schema.alterTable('alerts').addColumn('starting_balance', t.double),
    schema.alterTable('alerts').addColumn('trailing', t.text),
    schema.alterTable('alerts').addColumn('stop_trailing_at_start', t.bigint, (c) => c.notNull().defaultTo(0)),
    schema.alterTable('alerts').addColumn('count_open', t.bigint, (c) => c.notNull().defaultTo(0)),
  ],
};
