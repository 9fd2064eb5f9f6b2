import { combine } from '../analytics/accumulator.js';
import { bookedFeed, bookingsOf } from '../analytics/bookings.js';
import { createByCategoryAccumulator } from '../analytics/by-category.js';
import { createRDistributionAccumulator } from '../analytics/r-distribution.js';
import { type MoneyPlan, moneyPlanOf, plannedAccumulator, plannedPartialExits } from '../analytics/money-plan.js';
import { convertedTrade } from '../fx/converted-trade.js';
import type { analytics } from '../analytics/service.js';
import { journalRecord } from '../journal/record.js';
import { categorySchema, type JournalEntry, type Report, reportQuerySchema, type Trade } from '@tj/schemas';
import { dayKey } from '../shared/calendar.js';
import type { TradingDayClock } from '../shared/trading-day.js';
import { tradingDaysFor } from '../settings/read.js';
import type { CoreDeps } from '../shared/deps.js';
import { isoUtc } from '../shared/iso.js';
import { parseInput } from '../shared/validate.js';
import type { TradeQuery } from '../storage/ports.js';
import { filterClock, filterEnd, filterStart, tradeQueryOf } from '../trades/filters.js';
import { tradeRecord } from '../trades/record.js';
import { createEquityDrawdownAccumulator } from './equity-drawdown.js';
import { createExtremesAccumulator } from './extremes.js';
import { createTradingDaysAccumulator } from './trading-days.js';
import { excursionScatter, reportTradeBars } from './trade-charts.js';

/** How many best and worst trades a report lists. */
export const REPORT_EXTREMES = 10;
/** Most journal entries a report carries (the newest of the period). */
export const REPORT_JOURNAL_LIMIT = 1000;

/** Options of {@link reports}' `summary` that are not part of the query. */
export interface ReportOptions {
  /** Hears how many of the filter's closed trades have been read, every few thousand, and at the end. */
  onProgress?: (done: number, total: number) => void;
}

const PROGRESS_EVERY = 5000;
/** Every category `/analytics/by-category` answers but `time` (the older name of `hour`): the report shows them all. */
const CATEGORY_NAMES = categorySchema.options.filter((c) => c !== 'time');

/**
 * The summary report's data for one acting user: the statistics (the very answer of
 * `analytics.statistics` for the same filters), and, from one ordered pass over the filter's
 * closed trades, the equity curve with its drawdown, the trading days, the R histogram, the
 * performance by every category, the best and worst trades, and the journal entries of the
 * period. The equity curve and the trading days also book the partial exits of the filter's
 * trades on their own days; the rest are closed-trade figures. Rendering it is the job of `@tj/report`.
 *
 * @example const data = await reports(deps, analytics(deps)).summary(userId, { dateFrom: '2026-01-01', tz: 'Europe/London' });
 */
export function reports(deps: CoreDeps, analyticsService: ReturnType<typeof analytics>) {
  const { storage } = deps;

  /** The trades of `ids`; converted into the plan's currency, with the rate used, when it converts. */
  async function tradesByIds(userId: string, ids: string[], plan: MoneyPlan): Promise<Trade[]> {
    const rows = await Promise.all(ids.map((id) => storage.repos.trades.get(userId, id)));
    return rows.flatMap((row) => {
      if (!row) return [];
      if (plan.kind !== 'convert') return [tradeRecord(row)];
      return [{ ...tradeRecord(row), converted: convertedTrade(plan.converter, plan.currency, row) }];
    });
  }

  /** Journal entries dated inside the filter's trading days (all of them without a date filter), newest first. */
  async function journalOf(userId: string, days: TradingDayClock, dateFrom?: string, dateTo?: string): Promise<JournalEntry[]> {
    const range = {
      dateFrom: dateFrom === undefined ? undefined : dayKey(days.dayOf(filterStart(dateFrom, days))),
      dateTo: dateTo === undefined ? undefined : dayKey(days.dayOf(filterEnd(dateTo, days) - 1)),
    };
    const entries: JournalEntry[] = [];
    for (let page = 1; entries.length < REPORT_JOURNAL_LIMIT; page++) {
      const found = await storage.repos.journal.list(userId, range, { page, limit: 100 });
      entries.push(...found.rows.map(journalRecord));
      if (page * 100 >= found.total) break;
    }
    return entries.slice(0, REPORT_JOURNAL_LIMIT);
  }

  return {
    /** The report's data over the statistics filters; validation errors name the query field. */
    async summary(userId: string, input: unknown, options: ReportOptions = {}): Promise<Report> {
      const q = parseInput(reportQuerySchema, input ?? {});
      const { startingBalance, bucketSize, ...filter } = q;
      const statistics = await analyticsService.statistics(userId, filter);
      const clock = await filterClock(storage.repos, userId, filter);
      const query: TradeQuery = tradeQueryOf(filter, clock);
      const tradingDays = await tradingDaysFor(storage.repos, userId, q.tz);
      const dayOptions = { tz: q.tz, tradingDays };
      const categories = Object.fromEntries(
        CATEGORY_NAMES.map((category) => [category, createByCategoryAccumulator({ category, ...dayOptions })]),
      );
      const acc = combine({
        equity: createEquityDrawdownAccumulator({ ...dayOptions, startingBalance }),
        days: createTradingDaysAccumulator(dayOptions),
        r: createRDistributionAccumulator(bucketSize),
        categories: combine(categories),
        extremes: createExtremesAccumulator(REPORT_EXTREMES),
      });
      const total = statistics.totalTrades;
      // The statistics' plan again: a mixed selection without a currency has already been refused.
      const plan = await moneyPlanOf(storage.repos, userId, filter.currency);
      const partials = plannedPartialExits(plan, await storage.repos.trades.partialExits(userId, query));
      const feed = bookedFeed(plannedAccumulator(plan, acc), bookingsOf(partials));
      let done = 0;
      for await (const batch of storage.repos.trades.closedFacts(userId, query)) {
        feed.add(batch);
        const before = done;
        done += batch.length;
        if (Math.floor(done / PROGRESS_EVERY) > Math.floor(before / PROGRESS_EVERY)) options.onProgress?.(done, total);
      }
      options.onProgress?.(done, Math.max(done, total));
      const data = feed.result();
      const [bestTrades, worstTrades, journal] = await Promise.all([
        tradesByIds(userId, data.extremes.best, plan),
        tradesByIds(userId, data.extremes.worst, plan),
        journalOf(userId, tradingDays.clock(filter.account), filter.dateFrom, filter.dateTo),
      ]);
      return {
        generatedAt: isoUtc(deps.clock.now()),
        filters: q,
        statistics,
        equityCurve: data.equity,
        days: data.days,
        rDistribution: data.r,
        categories: CATEGORY_NAMES.map((category) => ({ category, categories: data.categories[category] ?? [] })),
        bestTrades,
        worstTrades,
        tradeBars: await reportTradeBars(deps, userId, bestTrades, worstTrades),
        excursionScatter: await excursionScatter(deps, userId, query, plan.kind === 'convert'),
        journal,
      };
    },
  };
}
