import type { AccountList } from '@tj/schemas';
import type { CoreDeps } from '../shared/deps.js';
import { isoUtc } from '../shared/iso.js';
import { fromMicros } from '../shared/money.js';

/** Accounts by name, trades without an account last. */
function byName(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/**
 * The accounts a user's trades carry: a trader importing several brokers' files sees which
 * accounts the journal holds, with counts, summed results and date ranges.
 *
 * @example const { accounts } = await accounts(deps).list(userId);
 */
export function accounts(deps: CoreDeps) {
  return {
    /** Every account of the user's trades, by name (trades without an account last). */
    async list(userId: string): Promise<AccountList> {
      const rows = await deps.storage.repos.trades.accounts(userId);
      rows.sort((a, b) => byName(a.account, b.account));
      return {
        accounts: rows.map((r) => ({
          account: r.account,
          trades: r.trades,
          openTrades: r.openTrades,
          totalPnL: fromMicros(r.resultMicros),
          firstEntryTime: isoUtc(r.firstEntryTime),
          lastTradeTime: isoUtc(Math.max(r.lastEntryTime, r.lastExitTime ?? r.lastEntryTime)),
        })),
      };
    },
  };
}
