/**
 * Fetching bars from a provider with the user's own key (docs/decisions.md, "Price bars:
 * providers"): only the stretches no earlier fetch or file covered are asked for ("never fetched
 * twice"), each stored with the stretch the provider vouched for, through `storeBars` and the
 * after-bars work. The key serves the requests and is dropped: never stored, logged or echoed.
 */
import { type BarFetch, barFetchSchema, type BarsFetched, type Timeframe } from '@tj/schemas';
import type { AfterBars } from '../after-write/bars.js';
import type { OptionContract } from '../instruments/catalogue.js';
import type { CoreDeps } from '../shared/deps.js';
import { CoreError, ErrorCode, validationError } from '../shared/errors.js';
import { parseInput } from '../shared/validate.js';
import type { TradeListRow } from '../storage/rows.js';
import { filterEnd, filterStart, isDateOnly, selectionOf } from '../trades/filters.js';
import { ceilTo, floorTo, merged, type Stretch, uncovered } from '../market/coverage.js';
import type { BarProvider } from './providers.js';
import { providerFailure } from '../providers/failure.js';
import { seriesFor } from '../market/series.js';
import { storeBars } from './store.js';
import { barInstrumentKey, type TimeframeSeconds, timeframeName, timeframeOf } from '../market/bar.js';

/** One series to cover over some stretches. */
interface Want {
  instrument: string;
  option: OptionContract | undefined;
  stretches: Stretch[];
}

const PAGE = 500;

/** The option contract a trade row names, when it names one whole. */
function optionOf(t: TradeListRow): OptionContract | undefined {
  if (t.assetClass !== 'option' || t.underlying === null || t.expiry === null || t.strike === null || t.right === null)
    return undefined;
  return { underlying: t.underlying, expiry: t.expiry, right: t.right, strike: t.strike };
}

/**
 * `fetch` (an instrument over a range, or the trades' missing bars) and `fetchForTrades`, over
 * the configured providers; `afterBars` runs in each storing transaction.
 */
export function barFetching(deps: CoreDeps, providers: ReadonlyMap<string, BarProvider>, afterBars: readonly AfterBars[]) {
  const { storage, clock } = deps;

  function providerOf(body: BarFetch): { provider: BarProvider; timeframe: TimeframeSeconds } {
    const provider = providers.get(body.provider);
    if (provider === undefined)
      throw new CoreError(ErrorCode.unavailable, `the ${body.provider} bar provider is not configured on this server`);
    const timeframe = timeframeOf(body.timeframe) as TimeframeSeconds;
    if (!provider.timeframes.includes(timeframe)) {
      const served = provider.timeframes.map(timeframeName).join(', ');
      throw validationError([{ path: 'timeframe', message: `${body.provider} serves bars of ${served}` }]);
    }
    return { provider, timeframe };
  }

  /** Fetches what `wants` lack (up to the last whole bar before now) and stores it. */
  async function cover(
    userId: string,
    body: BarFetch,
    trades: number | null,
    wants: Want[],
    signal?: AbortSignal,
  ): Promise<BarsFetched> {
    const { provider, timeframe } = providerOf(body);
    const step = timeframe * 1000;
    const now = floorTo(clock.now(), step);
    const result: BarsFetched = {
      provider: body.provider,
      timeframe: body.timeframe as Timeframe,
      trades,
      stretches: [],
      received: 0,
      written: 0,
    };
    for (const want of wants) {
      for (const wanted of merged(want.stretches)) {
        const from = floorTo(wanted.from, step);
        const to = Math.min(ceilTo(wanted.to, step), now);
        if (!(to > from)) continue;
        const held = await storage.repos.bars.ranges(userId, want.instrument, timeframe, from, to);
        for (const gap of uncovered(held, from, to)) {
          let answer: Awaited<ReturnType<BarProvider['bars']>>;
          try {
            const request = { instrument: want.instrument, timeframe, ...gap, apiKey: body.apiKey, option: want.option };
            answer = await provider.bars(request, signal);
          } catch (e) {
            throw providerFailure(e, { provider: 'bar provider', field: 'instrument', notFoundIsInput: true });
          }
          const end = Math.max(gap.from, Math.min(answer.end, gap.to));
          const bars = answer.bars.filter((b) => b.time >= gap.from && b.time < end);
          const batch = {
            instrumentKey: want.instrument,
            timeframe,
            bars,
            range: { from: gap.from, to: end, source: provider.name },
          };
          const written = await storage.transaction((tx) => storeBars(tx, userId, batch, afterBars));
          result.stretches.push({
            instrument: want.instrument,
            from: new Date(gap.from).toISOString(),
            to: new Date(end).toISOString(),
            complete: end === gap.to,
            received: bars.length,
            written,
          });
          result.received += bars.length;
          result.written += written;
        }
      }
    }
    return result;
  }

  async function forTrades(userId: string, body: BarFetch, signal?: AbortSignal): Promise<BarsFetched> {
    const { provider } = providerOf(body);
    const filter = body.trades ?? { paddingMinutes: 30 };
    const query = {
      ...selectionOf(filter),
      status: 'closed' as const,
      entryFrom: filter.dateFrom === undefined ? undefined : filterStart(filter.dateFrom),
      entryTo: filter.dateTo === undefined ? undefined : filterEnd(filter.dateTo),
    };
    const pad = filter.paddingMinutes * 60_000;
    const wants = new Map<string, Want>();
    let count = 0;
    for (let page = 1; ; page++) {
      const { rows, total } = await storage.repos.trades.list(userId, query, { page, limit: PAGE });
      for (const t of rows) {
        // A trade of a class the provider does not serve (a future asked of Polygon) is skipped:
        // its empty answer would be recorded as a complete stretch and hide the right provider's bars.
        if (t.exitTime === null || (t.assetClass !== null && !provider.assetClasses.includes(t.assetClass))) continue;
        count++;
        // The trade's own series: its contract (or root), its option contract, its ticker.
        const [own] = seriesFor({ instrument: t.instrument, assetClass: t.assetClass });
        if (own === undefined) continue;
        const want = wants.get(own.instrumentKey) ?? { instrument: own.instrumentKey, option: optionOf(t), stretches: [] };
        want.stretches.push({ from: t.entryTime - pad, to: t.exitTime + pad });
        wants.set(own.instrumentKey, want);
      }
      if (page * PAGE >= total) break;
    }
    return cover(userId, body, count, [...wants.values()], signal);
  }

  return {
    /**
     * Fetches bars from `provider` with the caller's `apiKey`: of `instrument` over [from, to), or,
     * with `trades`, over each selected closed trade's span (entry − padding … exit + padding);
     * only the stretches not yet covered are asked for.
     */
    async fetch(userId: string, input: unknown, signal?: AbortSignal): Promise<BarsFetched> {
      const body = parseInput(barFetchSchema, input ?? {});
      if (body.trades !== undefined) return forTrades(userId, body, signal);
      const from = filterStart(body.from as string);
      // A date `to` covers that whole UTC day; a date-time `to` is the exclusive end itself.
      const to = isDateOnly(body.to) ? filterEnd(body.to as string) : Date.parse(body.to as string);
      if (!(to > from)) throw validationError([{ path: 'from', message: 'must be before to' }]);
      const instrument = barInstrumentKey(body.instrument as string);
      return cover(userId, body, null, [{ instrument, option: undefined, stretches: [{ from, to }] }], signal);
    },

    /** Fetches the bars the selected closed trades lack (`filter`: the list's filters and `paddingMinutes`). */
    async fetchForTrades(
      userId: string,
      input: { provider: string; apiKey: string; timeframe?: string; filter?: Record<string, unknown> },
      signal?: AbortSignal,
    ): Promise<BarsFetched> {
      const { filter, ...rest } = input;
      const body = parseInput(barFetchSchema, { ...rest, trades: filter ?? {} });
      return forTrades(userId, body, signal);
    },
  };
}
