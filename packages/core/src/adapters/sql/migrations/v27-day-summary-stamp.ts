import type { MigrationDefinition } from './dialect.js';

/**
 * Version 27: beside each day summary, the stamp of the field declaration it was written under
 * (summaries/day-fields.ts). A row whose stamp is not the running code's is rebuilt from the
 * trades rather than served; rows written before this version have the empty stamp, so they are
 * rebuilt on their user's next unfiltered question.
 */
export const daySummaryStampMigration: MigrationDefinition = {
  version: 27,
  name: 'day summary field stamp',
  up: ({ schema, t }) => [
    schema.alterTable('trade_day_summaries').addColumn('fields_version', t.text, (c) => c.notNull().defaultTo('')),
  ],
};
