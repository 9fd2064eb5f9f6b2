import type { MigrationDefinition } from './dialect.js';

/**
 * Version 26: room in the deliveries table's pages for the worker's lease updates. A claim changes
 * only `lease_until` and `updated_at`, which no index holds; with free room on the row's page
 * PostgreSQL updates it in place (a HOT update) and writes no entry in the table's four indexes, so
 * a claim costs about half as much there (docs/decisions.md, "Fourth pass"). Pages written from now on keep 30% free;
 * SQLite has no such setting and runs nothing.
 */
export const deliveryPageRoomMigration: MigrationDefinition = {
  version: 26,
  name: 'room in deliveries pages for lease updates',
  up: ({ caps }) => (caps.pageRoom ? [caps.pageRoom('deliveries', 30)] : []),
};
