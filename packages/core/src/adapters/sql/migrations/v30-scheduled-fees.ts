import type { MigrationDefinition } from './dialect.js';

/**
 * Version 30: `trades.fees_from_schedule`, 1 when some of a trade's fees came from a commission
 * schedule because its file stated none (docs/decisions.md, "Commission schedules (issue 27)");
 * 0 for every trade before it.
 */
export const scheduledFeesMigration: MigrationDefinition = {
  version: 30,
  name: 'trade fees from a commission schedule',
  up: ({ schema, t }) => [schema.alterTable('trades').addColumn('fees_from_schedule', t.bigint, (c) => c.notNull().defaultTo(0))],
};
