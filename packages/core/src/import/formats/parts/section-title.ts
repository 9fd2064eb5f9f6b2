import type { CsvLine } from '../types.js';

/**
 * The text of a record whose only filled cell is its first: the title line of a section in
 * multi-section exports (`Deals`, `Account Trade History`); undefined for any other record.
 */
export function titleOf(record: CsvLine): string | undefined {
  const first = (record.cells[0] ?? '').trim();
  return first !== '' && record.cells.every((c, i) => i === 0 || c.trim() === '') ? first : undefined;
}
