export type { ClosedTradeFact } from '../summaries/fact.js';
export {
  nextPeriodKey,
  periodIndex,
  periodKey,
  periodKeyRange,
  periodKeys,
  periodStartDay,
} from './periods.js';
export type { Granularity } from './periods.js';
export { accumulate, combine } from './accumulator.js';
export type { Accumulator, ResultOf } from './accumulator.js';
export { createStatisticsAccumulator } from './statistics.js';
export type { Statistics } from './statistics.js';
export {
  MAX_PERIOD_BUCKETS,
  PeriodSeries,
  assertPeriodLimit,
  createPeriodBucketsAccumulator,
  parseDateRange,
  periodCount,
} from './period-series.js';
export type { PeriodBucket, PeriodBucketsOptions } from './period-series.js';
export { createDashboardAccumulator, createRecentPerformanceAccumulator } from './dashboard.js';
export type { Dashboard, DashboardSummary, RecentOptions, RecentPerformance } from './dashboard.js';
export { createPerformanceAccumulator, performanceBucketCount } from './performance.js';
export type { Performance, PerformanceOptions, PerformanceRow } from './performance.js';
export { CATEGORIES, createByCategoryAccumulator } from './by-category.js';
export type { ByCategoryOptions, Category, CategoryItem } from './by-category.js';
export { createEquityCurveAccumulator } from './equity-curve.js';
export type { EquityCurveOptions, EquityPoint } from './equity-curve.js';
export { MAX_R_BUCKETS, createRDistributionAccumulator } from './r-distribution.js';
export type { RBucket, RDistribution } from './r-distribution.js';
