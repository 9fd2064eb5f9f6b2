import { CompiledQuery, type Kysely, sql } from 'kysely';

/**
 * Rows per statement. Each column travels as one array parameter, so PostgreSQL's 65,535-parameter
 * limit does not bound the size; this keeps one statement's arrays to a few MiB.
 */
const CHUNK = 5000;

/** The SQL type of each column of a table, by table name (types never change under a column's name). */
const typesByTable = new Map<string, Map<string, string>>();

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function columnTypes(db: Kysely<any>, table: string, columns: string[]): Promise<Map<string, string>> {
  const known = typesByTable.get(table);
  if (known && columns.every((c) => known.has(c))) return known;
  const { rows } = await sql<{ name: string; type: string }>`
    SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
    WHERE attrelid = to_regclass(${table}) AND attnum > 0 AND NOT attisdropped`.execute(db);
  const types = new Map(rows.map((r) => [r.name, r.type]));
  const missing = columns.filter((c) => !types.has(c));
  if (missing.length > 0) throw new Error(`${table} has no column ${missing.join(', ')}`);
  typesByTable.set(table, types);
  return types;
}

/**
 * Inserts many rows with `INSERT … SELECT * FROM unnest($1::type[], …)`: one statement of one
 * array parameter per column for up to {@link CHUNK} rows, instead of a VALUES list of a parameter
 * per value (which the server parses and plans afresh for each chunk). Same rows, same constraints.
 */
export async function insertRowsUnnest(
  db: Kysely<any>,
  table: string,
  records: readonly Record<string, unknown>[],
): Promise<void> {
  const first = records[0];
  if (first === undefined) return;
  const columns = Object.keys(first);
  const types = await columnTypes(db, table, columns);
  const arrays = columns.map((c, i) => `$${i + 1}::${types.get(c)}[]`).join(', ');
  const text = `INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) SELECT * FROM unnest(${arrays})`;
  for (let start = 0; start < records.length; start += CHUNK) {
    const end = Math.min(records.length, start + CHUNK);
    const params = columns.map((c) => {
      const values = new Array<unknown>(end - start);
      for (let j = start; j < end; j++) values[j - start] = (records[j] as Record<string, unknown>)[c] ?? null;
      return values;
    });
    await db.executeQuery(CompiledQuery.raw(text, params));
  }
}
