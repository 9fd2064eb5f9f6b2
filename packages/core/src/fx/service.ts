import {
  type FxRateList,
  type FxRatesDeleted,
  type FxRatesWritten,
  fxFetchSchema,
  fxRateDeleteQuerySchema,
  fxRateListQuerySchema,
  fxRatesImportSchema,
} from '@tj/schemas';
import type { CoreDeps } from '../shared/deps.js';
import { CoreError, ErrorCode } from '../shared/errors.js';
import { parseInput } from '../shared/validate.js';
import type { FxRateRow } from '../storage/ports.js';
import { ownersOf } from './owners.js';
import type { FxRateProvider } from './ports.js';
import { providerFailure } from '../providers/failure.js';

/** The user's own rates' source. */
export const USER_SOURCE = 'user';

/** What was written, as the API answers it. */
function writtenOf(source: string, rows: readonly FxRateRow[], written: number): FxRatesWritten {
  const pairs = [...new Set(rows.map((r) => `${r.base}/${r.quote}`))].sort();
  const days = rows.map((r) => r.day).sort();
  return { source, received: rows.length, written, pairs, from: days[0] ?? null, to: days[days.length - 1] ?? null };
}

/**
 * FX reference rates of a user (docs/analytics.md, "Currencies"): imported by the user
 * (`tj fx import`), fetched from a provider (`tj fx fetch`, the ECB's), listed and deleted. Every
 * change bumps the user's data version, since analytics answers in another currency depend on them.
 *
 * @example await fx(deps, providers).importRates(userId, { rates: [{ date: '2026-03-02', base: 'EUR', quote: 'USD', rate: '1.0834' }] });
 */
export function fx(deps: CoreDeps, providers: ReadonlyMap<string, FxRateProvider>) {
  const { storage } = deps;

  /** Stores rows and bumps the data version in one transaction. */
  const store = (userId: string, rows: FxRateRow[], replace: boolean) =>
    storage.transaction(async (tx) => {
      const written = await tx.fxRates.put(userId, rows, deps.clock.now(), replace);
      if (written > 0) await tx.trades.bumpDataVersion(userId);
      return written;
    });

  return {
    /** Stores the user's own rates (all or none); one for a pair and day already held replaces it. */
    async importRates(userId: string, input: unknown): Promise<FxRatesWritten> {
      const { rates } = parseInput(fxRatesImportSchema, input ?? {});
      const rows = rates.map((r) => ({ base: r.base, quote: r.quote, day: r.date, rate: r.rate, source: USER_SOURCE }));
      return writtenOf(USER_SOURCE, rows, await store(userId, rows, true));
    },

    /** A page of the user's rates, by pair and day. */
    async list(userId: string, input: unknown): Promise<FxRateList> {
      const q = parseInput(fxRateListQuerySchema, input ?? {});
      const all = (await storage.repos.fxRates.list(userId, { from: q.from, to: q.to })).filter(
        (r) => (q.base === undefined || r.base === q.base) && (q.quote === undefined || r.quote === q.quote),
      );
      const start = (q.page - 1) * q.limit;
      return {
        rates: all
          .slice(start, start + q.limit)
          .map((r) => ({ date: r.day, base: r.base, quote: r.quote, rate: r.rate, source: r.source })),
        pagination: { page: q.page, limit: q.limit, total: all.length, pages: Math.ceil(all.length / q.limit) },
      };
    },

    /** Deletes the user's rates of a pair, currency or source (all without a filter). */
    async delete(userId: string, input: unknown): Promise<FxRatesDeleted> {
      const q = parseInput(fxRateDeleteQuerySchema, input ?? {});
      const deleted = await storage.transaction(async (tx) => {
        const n = await tx.fxRates.delete(userId, q);
        if (n > 0) await tx.trades.bumpDataVersion(userId);
        return n;
      });
      return { deleted };
    },

    /**
     * Fetches a provider's published rates for days `from` … `to` into the user's rates (never
     * over the user's own); currencies default to those the user's trades and base currencies name.
     */
    async fetch(userId: string, input: unknown, signal?: AbortSignal): Promise<FxRatesWritten> {
      const body = parseInput(fxFetchSchema, input ?? {});
      const provider = providers.get(body.provider);
      if (provider === undefined)
        throw new CoreError(ErrorCode.unavailable, `the ${body.provider} rate provider is not configured on this server`);
      const currencies = body.currencies ?? [...(await ownersOf(storage.repos, userId)).all].sort();
      if (currencies.length === 0) return writtenOf(provider.name, [], 0);
      let rates: Awaited<ReturnType<FxRateProvider['rates']>>;
      try {
        rates = await provider.rates({ from: body.from, to: body.to, currencies }, signal);
      } catch (e) {
        throw providerFailure(e, { provider: 'rate provider', field: 'currencies' });
      }
      const rows = rates.map((r) => ({ base: r.base, quote: r.quote, day: r.date, rate: r.rate, source: provider.name }));
      return writtenOf(provider.name, rows, rows.length === 0 ? 0 : await store(userId, rows, false));
    },
  };
}
