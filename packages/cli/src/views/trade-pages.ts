/**
 * `tj trades list` beyond the API's 100 trades a page: `--limit N` over 100 and `--all` fetch
 * page after page of the API and print each as it comes (a table a page, or one JSON document
 * written as it grows), never one giant request nor the whole list in memory.
 */
import type { TjClient } from '@tj/client';
import type { Pagination, Trade } from '@tj/core';
import type { Context } from '../context.js';
import { pageLine, plural } from '../output/format.js';
import { printTradeTable } from './trade-view.js';

/** The most trades the API lists in one page. */
export const API_PAGE_LIMIT = 100;

/** The largest page size of at most 100 that divides `offset`, so that a page of that size starts there. */
function pageSizeAt(offset: number): number {
  for (let size = API_PAGE_LIMIT; size > 1; size--) if (offset % size === 0) return size;
  return 1;
}

/**
 * The trades from `offset` (newest entry first), `count` of them (all when undefined), page by
 * page of the API; `onTotal` hears the filter's total once the first page is in.
 */
async function* tradePages(
  client: TjClient,
  query: Record<string, unknown>,
  offset: number,
  count: number | undefined,
  onTotal: (total: number) => void,
): AsyncGenerator<Trade[]> {
  const size = pageSizeAt(offset);
  let left = count ?? Number.POSITIVE_INFINITY;
  for (let page = offset / size + 1; left > 0; page++) {
    const { trades, pagination } = await client.trades.list({ ...query, page, limit: size });
    if (page === offset / size + 1) onTotal(pagination.total);
    const taken = trades.slice(0, left);
    left -= taken.length;
    if (taken.length > 0) yield taken;
    if (page >= pagination.pages) return;
  }
}

/**
 * Prints the trades of `query` page `page` of `limit` trades (`limit` undefined: every trade),
 * as `tj trades list` prints one page: with --json one `{ trades, pagination }` document, the
 * pagination as if the API's pages were `limit` long (`--all`: one page of everything).
 */
export async function printManyTrades(
  ctx: Context,
  query: Record<string, unknown>,
  page: number,
  limit: number | undefined,
): Promise<void> {
  const client = await ctx.client();
  let total = 0;
  let count = 0;
  const pages = tradePages(client, query, (page - 1) * (limit ?? 0), limit, (t) => {
    total = t;
  });
  if (ctx.out.json) await ctx.out.write('{\n  "trades": [');
  for await (const trades of pages) {
    if (ctx.out.json) {
      const items = trades.map((t) => `\n    ${JSON.stringify(t, null, 2).replace(/\n/g, '\n    ')}`);
      await ctx.out.write(`${count === 0 ? '' : ','}${items.join(',')}`);
    } else {
      printTradeTable(ctx.out, trades, ctx.tz);
    }
    count += trades.length;
  }
  const pagination: Pagination =
    limit === undefined
      ? { page: 1, limit: total, total, pages: total === 0 ? 0 : 1 }
      : { page, limit, total, pages: Math.ceil(total / limit) };
  if (ctx.out.json) {
    await ctx.out.write(
      `${count === 0 ? '' : '\n  '}],\n  "pagination": ${JSON.stringify(pagination, null, 2).replace(/\n/g, '\n  ')}\n}\n`,
    );
  } else if (count === 0) {
    ctx.out.line('No trades.');
  } else {
    ctx.out.line(ctx.out.c.dim(limit === undefined ? plural(count, 'trade') : pageLine(pagination, 'trade')));
  }
}
