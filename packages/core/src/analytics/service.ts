import {
  type ByCategory,
  type CategoryItem,
  byCategoryQuerySchema,
  type Calendar,
  calendarQuerySchema,
  type Dashboard,
  dashboardQuerySchema,
  type EquityCurve,
  equityCurveQuerySchema,
  type Performance,
  performanceQuerySchema,
  type RDistribution,
  rDistributionQuerySchema,
  type Statistics,
  tradeStatisticsQuerySchema,
} from '@tj/schemas';
import { dayKey, parseDayKey } from '../shared/calendar.js';
import { tradingDaysFor } from '../settings/read.js';
import type { TradingDays } from '../shared/trading-day.js';
import type { CoreDeps } from '../shared/deps.js';
import { parseInput } from '../shared/validate.js';
import type { Repositories, TradeQuery } from '../storage/ports.js';
import { selectionOf, tradeQueryFor } from '../trades/filters.js';
import { createCalendarAccumulator, monthDays } from './calendar.js';
import { granularityOf } from './periods.js';
import type { Accumulator } from './accumulator.js';
import { createByCategoryAccumulator } from './by-category.js';
import { bookedFeed, bookingsOf, NO_BOOKINGS } from './bookings.js';
import { createDashboardAccumulator, dashboardOf, recentWindow } from './dashboard.js';
import { allClosedSegment, recentFromTallies, selectsAllClosed } from './day-fold.js';
import { createEquityCurveAccumulator } from './equity-curve.js';
import { createPerformanceAccumulator } from './performance.js';
import { createRDistributionAccumulator } from './r-distribution.js';
import { isPlain, type MoneyPlan, moneyFieldsOf, moneyPlanOf, plannedAccumulator, plannedPartialExits } from './money-plan.js';
import { analyticsCache } from './result-cache.js';
import { createStatisticsAccumulator, statisticsOf } from './statistics.js';
import { excursionStatistics } from './excursion-statistics.js';

/**
 * Analytics for one acting user, each computed in one ordered pass over the user's closed
 * trades (money in integer micro-units), so SQLite and PostgreSQL give the same numbers; the
 * day-based ones (performance, the dashboard's recent performance, the equity curve, the
 * calendar) also book the partial exits on their own days. Results
 * are remembered per user data version, so asking again before any trade changes costs one read.
 *
 * @example const stats = await analytics(deps).statistics(userId, { instrument: 'ES' });
 */
export function analytics(deps: CoreDeps) {
  const trades = deps.storage.repos.trades;
  const cache = analyticsCache();

  /**
   * `compute()`, or its result for the same user data, analytic and parameters; `version` when the
   * caller already asked for the data version (alongside another read, saving a round trip).
   */
  async function cached<T>(
    userId: string,
    name: string,
    params: unknown,
    compute: () => Promise<T>,
    version?: number,
  ): Promise<T> {
    return cache.get(`${userId}|${version ?? (await trades.dataVersion(userId))}|${name}|${JSON.stringify(params)}`, compute);
  }

  /**
   * Feeds the user's closed trades to `acc`, reading what it needs: the outcomes; with entry time,
   * fees and account (statistics, and day-based analytics when accounts have their own trading
   * day); or the whole context (per-category analytics). A day-based figure names `booked`, the
   * query of the partial exits it books (their trades' selection, its exit range the bookings'
   * times); a figure of closed trades names none. Money goes through `plan` (converted into the
   * reporting currency, or checked for a second currency), which then needs each trade's currency.
   */
  async function scan<T>(
    userId: string,
    query: TradeQuery,
    plan: MoneyPlan,
    acc: Accumulator<T>,
    needs: Needs = 'outcomes',
    booked?: TradeQuery,
  ): Promise<T> {
    const read: Needs = isPlain(plan) ? needs : 'context';
    const batches =
      read === 'context'
        ? trades.closedFacts(userId, query)
        : read === 'outcomes+'
          ? trades.closedOutcomesWithCosts(userId, query)
          : trades.closedOutcomes(userId, query);
    const bookings =
      booked === undefined ? NO_BOOKINGS : bookingsOf(plannedPartialExits(plan, await trades.partialExits(userId, booked)));
    const feed = bookedFeed(plannedAccumulator(plan, acc), bookings);
    for await (const batch of batches) feed.add(batch);
    return feed.result();
  }

  /** The money plan of an analytic asked in `currency` (see money-plan.ts). */
  const planFor = (userId: string, currency: string | undefined) => moneyPlanOf(deps.storage.repos, userId, currency);

  /** The user's trading days with `tz` as the default zone. */
  const daysFor = (userId: string, tz: string) => tradingDaysFor(deps.storage.repos, userId, tz);

  return {
    /** The statistics object, over the list's filters (date-only values are trading days in `tz`). */
    async statistics(userId: string, input: unknown): Promise<Statistics> {
      const q = parseInput(tradeStatisticsQuerySchema, input ?? {});
      const query = await tradeQueryFor(deps.storage.repos, userId, q);
      return cached(userId, 'statistics', { query, currency: q.currency, maeR: q.maeR }, async () => {
        const plan = await planFor(userId, q.currency);
        const figures =
          isPlain(plan) && selectsAllClosed(query)
            ? statisticsOf(await allClosedSegment(deps.storage, userId))
            : await scan(userId, query, plan, createStatisticsAccumulator(), 'outcomes+');
        const { open } = await trades.counts(userId, query);
        const excursions = await excursionStatistics(deps.storage.repos, userId, query, q.maeR, plan.kind === 'convert');
        return { ...figures, openTrades: open, excursions, ...moneyFieldsOf(plan) };
      });
    },
    /** Summary (closed trades) and recent daily/weekly/monthly performance (by trading day, partial exits included). */
    async dashboard(userId: string, input: unknown): Promise<Dashboard> {
      const q = parseInput(dashboardQuerySchema, input ?? {});
      const now = deps.clock.now();
      const [version, tradingDays] = await Promise.all([trades.dataVersion(userId), daysFor(userId, q.tz)]);
      const today = tradingDays.user.dayOf(now);
      return cached(
        userId,
        'dashboard',
        { ...q, today },
        async () => {
          const query = selectionOf(q);
          const plan = await planFor(userId, q.currency);
          if (tradingDays.perAccount || !selectsAllClosed(query) || !isPlain(plan)) {
            const { fromDay, toDay } = recentWindow(today);
            const window = tradingDays.span(fromDay, toDay);
            const acc = createDashboardAccumulator({ now, tz: q.tz, tradingDays });
            const booked = { ...query, exitFrom: window.from, exitTo: window.to };
            return { ...(await scan(userId, query, plan, acc, needsOf(tradingDays), booked)), ...moneyFieldsOf(plan) };
          }
          const [all, recent] = await Promise.all([
            allClosedSegment(deps.storage, userId),
            recentFromTallies(deps.storage, userId, tradingDays.user, today),
          ]);
          return { ...dashboardOf(statisticsOf(all), recent), ...moneyFieldsOf(plan) };
        },
        version,
      );
    },
    /** Zero-filled performance per period (`year` is `yearly`). */
    async performance(userId: string, input: unknown): Promise<Performance> {
      const q = parseInput(performanceQuerySchema, input ?? {});
      return cached(userId, 'performance', q, async () => {
        const tradingDays = await daysFor(userId, q.tz);
        const acc = createPerformanceAccumulator({
          period: granularityOf(q.period),
          tz: q.tz,
          tradingDays,
          ...(q.dateFrom !== undefined && { dateFrom: q.dateFrom }),
          ...(q.dateTo !== undefined && { dateTo: q.dateTo }),
        });
        const from = q.dateFrom === undefined ? null : parseDayKey(q.dateFrom);
        const to = q.dateTo === undefined ? null : parseDayKey(q.dateTo);
        const query: TradeQuery = {
          ...selectionOf(q),
          exitFrom: from === null ? undefined : tradingDays.span(from, from).from,
          exitTo: to === null ? undefined : tradingDays.span(to, to).to,
        };
        const plan = await planFor(userId, q.currency);
        const figures = await scan(userId, query, plan, acc, needsOf(tradingDays), query);
        return { ...figures, period: q.period, ...moneyFieldsOf(plan) };
      });
    },
    /** Performance grouped by instrument, setup, tag, hour (or time), weekday, account, asset class or holding time. */
    async byCategory(userId: string, input: unknown): Promise<ByCategory> {
      const q = parseInput(byCategoryQuerySchema, input ?? {});
      return cached(userId, 'byCategory', q, async () => {
        const tradingDays = await daysFor(userId, q.tz);
        const acc = createByCategoryAccumulator({ category: q.category, tz: q.tz, tradingDays });
        const plan = await planFor(userId, q.currency);
        return {
          category: q.category,
          categories: withoutConvertedExcursions(plan, await scan(userId, selectionOf(q), plan, acc, 'context')),
          ...moneyFieldsOf(plan),
        };
      });
    },
    /** Equity at the end of each trading day with exits or partial exits. */
    async equityCurve(userId: string, input: unknown): Promise<EquityCurve> {
      const q = parseInput(equityCurveQuerySchema, input ?? {});
      return cached(userId, 'equityCurve', q, async () => {
        const tradingDays = await daysFor(userId, q.tz);
        const acc = createEquityCurveAccumulator({ tz: q.tz, tradingDays, startingBalance: q.startingBalance });
        const query = selectionOf(q);
        const plan = await planFor(userId, q.currency);
        return { dataPoints: await scan(userId, query, plan, acc, needsOf(tradingDays), query), ...moneyFieldsOf(plan) };
      });
    },
    /** Histogram of R multiples. */
    async rDistribution(userId: string, input: unknown): Promise<RDistribution> {
      const q = parseInput(rDistributionQuerySchema, input ?? {});
      const plain: MoneyPlan = { kind: 'plain', currency: null };
      return cached(userId, 'rDistribution', q, () =>
        scan(userId, selectionOf(q), plain, createRDistributionAccumulator(q.bucketSize)),
      );
    },
    /** Every day of a month: P&L, trade count and the daily journal entry (by trading day). */
    async calendar(userId: string, input: unknown): Promise<Calendar> {
      const q = parseInput(calendarQuerySchema, input ?? {});
      return cached(userId, 'calendar', q, async () => {
        const tradingDays = await daysFor(userId, q.tz);
        const { first, last } = monthDays(q.month);
        const journal = await dailyJournalIds(deps.storage.repos, userId, dayKey(first), dayKey(last));
        const acc = createCalendarAccumulator({ month: q.month, tz: q.tz, tradingDays, journal });
        const span = tradingDays.span(first, last);
        const query = { ...selectionOf(q), exitFrom: span.from, exitTo: span.to };
        const plan = await planFor(userId, q.currency);
        return { ...(await scan(userId, query, plan, acc, needsOf(tradingDays), query)), ...moneyFieldsOf(plan) };
      });
    },
  };
}

/** What a scan reads: outcomes; outcomes with entry time, fees and account; or the whole context. */
type Needs = 'outcomes' | 'outcomes+' | 'context';

/** Day-based analytics need each trade's account only when some account has its own trading day. */
const needsOf = (days: TradingDays): Needs => (days.perAccount ? 'outcomes+' : 'outcomes');

/** Ids of the daily journal entries dated `from` … `to`, by date. */
async function dailyJournalIds(repos: Repositories, userId: string, from: string, to: string): Promise<Map<string, string>> {
  const page = await repos.journal.list(userId, { dateFrom: from, dateTo: to, type: 'daily' }, { page: 1, limit: 31 });
  return new Map(page.rows.map((row) => [row.date, row.id]));
}

/** Per-category items without their excursion money when money is converted (excursion money is not converted yet). */
function withoutConvertedExcursions(plan: MoneyPlan, items: CategoryItem[]): CategoryItem[] {
  if (plan.kind !== 'convert') return items;
  return items.map(({ averageMae: _mae, averageMfe: _mfe, ...rest }) => rest);
}
