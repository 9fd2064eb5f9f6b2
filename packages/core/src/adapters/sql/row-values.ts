/** Column values as the drivers return them, read into what the repositories hand on. */

/** Rows a driver gave as arrays of values, as objects keyed by `columns` (cheaper than the drivers' own naming). */
export function namedRows(columns: readonly string[], rows: readonly unknown[][]): Record<string, unknown>[] {
  return rows.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) row[columns[i] as string] = values[i];
    return row;
  });
}

/** Parses a JSON array column. */
export function jsonArray(text: string): string[] {
  return JSON.parse(text) as string[];
}

/** A nullable integer column as a number (PostgreSQL's BIGINT arrives as a string). */
export function numberOrNull(v: number | string | null): number | null {
  return v === null ? null : Number(v);
}
