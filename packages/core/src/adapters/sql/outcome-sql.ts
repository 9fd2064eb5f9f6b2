import { type RawBuilder, sql } from 'kysely';
import type { Outcome } from '../../summaries/outcome.js';

/**
 * The win rule of summaries/outcome.ts in SQL: 1 where the result in `column` has `outcome` (a
 * win > 0, a loss < 0), else 0, so its SUM counts the wins or the losses.
 */
export function outcomeCount(column: string, outcome: Exclude<Outcome, 0>): RawBuilder<number> {
  return sql<number>`CASE WHEN ${sql.ref(column)} ${sql.raw(outcome === 1 ? '>' : '<')} 0 THEN 1 ELSE 0 END`;
}
