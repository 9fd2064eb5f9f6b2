import type { SqlContext } from './context.js';
import type { Database } from './schema.js';
import { hot } from './trade-query.js';

/**
 * Inserts records of one table (all with the same columns): through the database's own bulk path
 * when it declares one (`caps.insertRows`), else as multi-row INSERTs of `chunk` rows whose
 * compiled SQL is reused per chunk size.
 */
export async function insertRecords<T extends keyof Database & string>(
  ctx: SqlContext,
  table: T,
  records: readonly Record<string, unknown>[],
  chunk: number,
): Promise<void> {
  const { db, caps } = ctx;
  if (records.length === 0) return;
  if (caps.insertRows) return caps.insertRows(db, table, records);
  for (let i = 0; i < records.length; i += chunk) {
    const part = records.slice(i, i + chunk);
    const columns = Object.keys(part[0] as object);
    // One flat array filled in place: an import sends hundreds of thousands of values through here.
    const params: unknown[] = new Array(part.length * columns.length);
    let k = 0;
    for (const r of part) for (const c of columns) params[k++] = r[c];
    await hot(ctx, `${caps.label}:${table}:insert:${part.length}`, params, () => db.insertInto(table).values(part as never));
  }
}
