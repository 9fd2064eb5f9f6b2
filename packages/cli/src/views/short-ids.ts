import type { IdKind } from '@tj/core';
import { shortIds } from '@tj/core/ids';
import type { TjClient } from '@tj/client';

/**
 * Short ids for a list that holds every record of its kind (alerts, webhooks): the shortest
 * start of each id that no other id of the list shares (at least 8 characters).
 */
export function shortIdsOf(records: ReadonlyArray<{ id: string }>): (id: string) => string {
  const short = shortIds(records.map((r) => r.id));
  return (id) => short[id] ?? id;
}

/** The short id of each of `ids` among the user's ids of its kind, asked of the API (no ids: none asked). */
export async function askShortIds(client: TjClient, kind: IdKind, ids: string[]): Promise<Record<string, string>> {
  return ids.length === 0 ? {} : (await client.shortIds(kind, ids)).shortIds;
}

/** Short ids of some records of a kind, asked of the API (the list shows only a page of them). */
export async function shortIdsFrom(
  client: TjClient,
  kind: IdKind,
  records: ReadonlyArray<{ id: string }>,
): Promise<(id: string) => string> {
  const short = await askShortIds(
    client,
    kind,
    records.map((r) => r.id),
  );
  return (id) => short[id] ?? id;
}
