import { type AccountList, accountListQuerySchema, type InstrumentList } from '@tj/schemas';
import { converterInto, ownersOf } from '../fx/owners.js';
import type { CoreDeps } from '../shared/deps.js';
import { parseInput } from '../shared/validate.js';
import type { TradeGroupRow } from '../storage/ports.js';
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
 * The accounts and instruments a user's trades carry: a trader importing several brokers' files
 * sees which accounts the journal holds, an app fills its filters, each with counts, summed
 * results and date ranges.
 *
 * @example const { accounts } = await accounts(deps).list(userId);
 */
export function accounts(deps: CoreDeps) {
  return {
    /**
     * Every account of the user's trades, by name (trades without an account last); with
     * `currency`, each account's summed result converted into it trade by trade (docs/analytics.md, "Currencies").
     */
    async list(userId: string, input?: unknown): Promise<AccountList> {
      const { currency } = parseInput(accountListQuerySchema, input ?? {});
      const { repos } = deps.storage;
      const [rows, currencies] = await Promise.all([repos.trades.groups(userId, 'account'), ownersOf(repos, userId)]);
      rows.sort((a, b) => byName(a.key, b.key));
      const accounts = rows.map((r) => ({ account: r.key, ...summaryOf(r) }));
      const [only] = currencies.all;
      if (currency === undefined || (currencies.all.size <= 1 && (only === undefined || only === currency)))
        return { accounts, currency: currency ?? (currencies.all.size === 1 ? (only as string) : null), fx: null };
      const converter = await converterInto(repos, userId, currency, currencies);
      const totals = new Map<string | null, number>();
      for await (const batch of repos.trades.closedFacts(userId, {})) {
        for (const fact of batch) {
          const converted = converter.fact(fact);
          if (converted !== undefined) totals.set(fact.account, (totals.get(fact.account) ?? 0) + converted.resultMicros);
        }
      }
      const inCurrency = accounts.map((a) => ({ ...a, totalPnL: fromMicros(totals.get(a.account) ?? 0) }));
      return { accounts: inCurrency, currency, fx: converter.report() };
    },

    /** Every instrument of the user's trades, most traded first (then by name). */
    async instruments(userId: string): Promise<InstrumentList> {
      const rows = await deps.storage.repos.trades.groups(userId, 'instrument');
      rows.sort((a, b) => b.trades - a.trades || byName(a.key, b.key));
      return { instruments: rows.map((r) => ({ instrument: r.key ?? '', ...summaryOf(r) })) };
    },
  };
}

/** What a group of trades holds: counts, the closed ones' summed result, its time range. */
function summaryOf(r: TradeGroupRow) {
  return {
    trades: r.trades,
    openTrades: r.openTrades,
    totalPnL: fromMicros(r.resultMicros),
    firstEntryTime: isoUtc(r.firstEntryTime),
    lastTradeTime: isoUtc(Math.max(r.lastEntryTime, r.lastExitTime ?? r.lastEntryTime)),
  };
}
