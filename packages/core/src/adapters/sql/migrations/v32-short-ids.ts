import type { MigrationDefinition } from './dialect.js';

/** The tables that grow without bound per user, where finding a record by its short id must not read them all. */
const GROWING = ['trades', 'journal_entries', 'imports', 'deliveries'] as const;

/**
 * Version 32: short ids. A record's short id is its id's last 10 hexadecimal digits (random in
 * UUID v7; docs/decisions.md, "Short ids"); each growing table gets an index on (user_id, short
 * id, id), so a command given one finds the record with one probe of an index that holds the
 * answer (without `id` in it, SQLite's planner prefers the (user_id, …) index that does). The other tables hold a few
 * records per user and are read through their (user_id, id) key.
 */
export const shortIdsMigration: MigrationDefinition = {
  version: 32,
  name: 'short id indexes',
  up: ({ schema, caps }) =>
    GROWING.map((table) =>
      schema.createIndex(`${table}_short_id`).on(table).column('user_id').expression(caps.shortIdOf('id')).column('id'),
    ),
};
