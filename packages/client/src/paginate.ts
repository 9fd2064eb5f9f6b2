import type { Pagination } from './types.js';

/** One page as `paginate` needs it: the items and the pagination block. */
export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

/**
 * Walks a paginated list page by page and yields each item once: it stops after the last page
 * (or an empty one) and skips an item whose `id` it already yielded, which happens when records
 * are added while iterating (they shift later pages). Fetches a page only when the previous one
 * has been consumed; `break` stops fetching.
 *
 * @example
 * for await (const delivery of paginate((page) => client.webhooks.deliveries(id, { page, limit: 100 }).then((r) => ({ items: r.deliveries, pagination: r.pagination })))) {
 *   console.log(delivery.status);
 * }
 */
export async function* paginate<T>(
  fetchPage: (page: number) => Promise<Page<T>>,
  firstPage = 1,
): AsyncGenerator<T, void, undefined> {
  const seen = new Set<unknown>();
  for (let page = firstPage; ; page++) {
    const { items, pagination } = await fetchPage(page);
    for (const item of items) {
      const id = (item as { id?: unknown }).id;
      if (id !== undefined) {
        if (seen.has(id)) continue;
        seen.add(id);
      }
      yield item;
    }
    if (items.length === 0 || page >= pagination.pages) return;
  }
}
