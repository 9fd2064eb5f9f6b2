import { sql } from 'kysely';
import type { MigrationDefinition } from './dialect.js';

/**
 * Version 29: an index of the trades that have partial exits, per user and in id order. The
 * day-based figures read those trades beside the closes (docs/analytics.md, "Realized P&L of
 * partial exits"); for a user without any, the read is one probe of this index that finds
 * nothing. Keyed by (user_id, id) so the read's id order comes from the index too (SQLite would
 * otherwise walk the primary key for that order, every trade of the user).
 */
export const partialExitsIndexMigration: MigrationDefinition = {
  version: 29,
  name: 'index of trades with partial exits',
  up: ({ schema }) => [
    schema
      .createIndex('trades_partial_exits')
      .on('trades')
      .columns(['user_id', 'id'])
      .where(sql.ref('partial_exits'), 'is not', null),
  ],
};
