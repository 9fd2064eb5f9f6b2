import { sql } from 'kysely';
import type { MigrationTools, Statement } from './dialect.js';

/** The key of the exit index: a user's closed trades in exit order. */
const EXIT_KEY = ['user_id', 'exit_time', 'id'];

/**
 * An index on `keys` of the rows of `table` whose `notNull` column has a value, which also answers
 * reads of `carried` columns: carried outside the key where the database can (`INCLUDE`), else at the key's end.
 */
export function coveringIndex(
  { schema, caps }: MigrationTools,
  index: { name: string; table: string; keys: string[]; carried: string[]; notNull: string },
): Statement {
  const { name, table, keys, carried, notNull } = index;
  if (!caps.indexInclude) {
    return schema
      .createIndex(name)
      .on(table)
      .columns([...keys, ...carried])
      .where(sql.ref(notNull), 'is not', null);
  }
  const list = (columns: string[]) => sql.join(columns.map((c) => sql.ref(c)));
  return sql`CREATE INDEX ${sql.id(name)} ON ${sql.table(table)} (${list(keys)}) INCLUDE (${list(carried)}) WHERE ${sql.ref(notNull)} IS NOT NULL`;
}

/**
 * Drops and rebuilds `trades_exit` (closed trades by exit time) so that it carries `carried`:
 * closed-trade scans then read those columns from the index alone.
 */
export function rebuildExitIndex(tools: MigrationTools, carried: string[]): Statement[] {
  return [
    tools.schema.dropIndex('trades_exit'),
    coveringIndex(tools, { name: 'trades_exit', table: 'trades', keys: EXIT_KEY, carried, notNull: 'exit_time' }),
  ];
}
