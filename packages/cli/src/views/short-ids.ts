import type { IdKind } from '@tj/core';
import { shortIds } from '@tj/core/ids';
import type { Backend } from '../backend/backend.js';

/**
 * Short ids for a list that holds every record of its kind (alerts, webhooks): the shortest
 * start of each id that no other id of the list shares (at least 8 characters).
 */
export function shortIdsOf(records: ReadonlyArray<{ id: string }>): (id: string) => string {
  const short = shortIds(records.map((r) => r.id));
  return (id) => short[id] ?? id;
}

/** Short ids of some records of a kind, asked of the backend (the list shows only a page of them). */
export async function shortIdsFrom(
  backend: Backend,
  kind: IdKind,
  records: ReadonlyArray<{ id: string }>,
): Promise<(id: string) => string> {
  const short = await backend.shortIds(
    kind,
    records.map((r) => r.id),
  );
  return (id) => short[id] ?? id;
}
