/**
 * An app outside the workspace using the SDK as installed from a registry: the release test
 * type-checks it with `tsc --strict`, bundles it for the browser with esbuild and runs it in Chromium.
 */
import { createClient, TjApiError, type Trade } from '@tj/client';

/** What the page reports back: the user's trades as the server lists them, and a refused login's code. */
export interface Summary {
  trades: number;
  instruments: string[];
  totalPnl: number;
  wrongPassword: string;
}

/** Logs in, lists the trades and the statistics, and tries a wrong password. */
export async function summarize(baseUrl: string, email: string, password: string): Promise<Summary> {
  const client = createClient({ baseUrl });
  await client.auth.login({ email, password });
  const trades: Trade[] = [];
  for await (const trade of client.trades.paginate({ status: 'closed' })) trades.push(trade);
  const stats = await client.trades.statistics();
  let wrongPassword = 'accepted';
  try {
    await createClient({ baseUrl }).auth.login({ email, password: `${password}!` });
  } catch (e) {
    wrongPassword = e instanceof TjApiError ? e.code : 'not a TjApiError';
  }
  return {
    trades: trades.length,
    instruments: [...new Set(trades.map((t) => t.instrument))].sort(),
    totalPnl: stats.totalPnL,
    wrongPassword,
  };
}

// @ts-expect-error a trade's direction is 'long' or 'short': types that failed to resolve would accept this.
export const sideways: Trade['direction'] = 'sideways';

(globalThis as { tjSummarize?: typeof summarize }).tjSummarize = summarize;
