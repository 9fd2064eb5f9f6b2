import { describe, expect, it } from 'vitest';
import {
  MAX_PERIOD_BUCKETS,
  accumulate,
  createDashboardAccumulator,
  createPerformanceAccumulator,
  createPeriodBucketsAccumulator,
  performanceBucketCount,
} from '../../src/analytics/index.js';
import { isCoreError } from '../../src/shared/errors.js';
import { at } from './support.js';

const zero = (period: string) => ({ period, trades: 0, wins: 0, losses: 0, winRate: 0, totalPnL: 0 });

function validationPath(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    if (isCoreError(e, 'validation_failed')) return e.errors?.[0]?.path;
    throw e;
  }
  return undefined;
}

describe('dashboard', () => {
  const now = Date.parse('2026-11-20T15:00:00Z');
  const facts = [
    at('2025-11-30T12:00:00Z', 999), // before every window
    at('2026-10-21T12:00:00Z', 7), // W43, October: outside the 30 days
    at('2026-11-19T23:30:00Z', -40, -1),
    at('2026-11-20T10:00:00Z', 100, 2),
  ];

  it('zero-fills 30 days, 12 weeks and 12 months ending now (UTC)', () => {
    const d = accumulate(createDashboardAccumulator({ now, tz: 'UTC' }), facts);
    expect(d.summary).toEqual({
      totalTrades: 4,
      winRate: 75,
      profitFactor: 27.65,
      totalPnL: 1066,
      averageR: 0.5,
      maxDrawdown: 40,
    });
    const { daily, weekly, monthly } = d.recentPerformance;
    expect(daily).toHaveLength(30);
    expect(daily[0]).toEqual(zero('2026-10-22'));
    expect(daily[28]).toEqual({ period: '2026-11-19', trades: 1, wins: 0, losses: 1, winRate: 0, totalPnL: -40 });
    expect(daily[29]).toEqual({ period: '2026-11-20', trades: 1, wins: 1, losses: 0, winRate: 100, totalPnL: 100 });
    expect(daily.slice(1, 28).every((b) => b.trades === 0)).toBe(true);
    expect(weekly.map((b) => b.period)).toEqual([
      '2026-W36',
      '2026-W37',
      '2026-W38',
      '2026-W39',
      '2026-W40',
      '2026-W41',
      '2026-W42',
      '2026-W43',
      '2026-W44',
      '2026-W45',
      '2026-W46',
      '2026-W47',
    ]);
    expect(weekly[7]).toEqual({ period: '2026-W43', trades: 1, wins: 1, losses: 0, winRate: 100, totalPnL: 7 });
    expect(weekly[11]).toEqual({ period: '2026-W47', trades: 2, wins: 1, losses: 1, winRate: 50, totalPnL: 60 });
    expect(monthly.map((b) => b.period)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(monthly[0]).toEqual(zero('2025-12'));
    expect(monthly[10]?.totalPnL).toBe(7);
    expect(monthly[11]?.totalPnL).toBe(60);
  });

  it('takes today and the exit days from tz', () => {
    const late = Date.parse('2026-11-21T02:00:00Z'); // 2026-11-20 21:00 in New York
    const d = accumulate(createDashboardAccumulator({ now: late, tz: 'America/New_York' }), [
      at('2026-11-20T03:00:00Z', 5), // 2026-11-19 22:00 in New York
    ]);
    expect(d.recentPerformance.daily[29]).toEqual(zero('2026-11-20'));
    expect(d.recentPerformance.daily[28]?.totalPnL).toBe(5);
  });
});

describe('performance', () => {
  const facts = [at('2026-01-05T09:00:00Z', 10, 1), at('2026-01-05T15:00:00Z', -5), at('2026-01-07T12:00:00Z', 20, 2)];

  it('defaults the range to the first and last exit, zero-filled', () => {
    expect(accumulate(createPerformanceAccumulator({ tz: 'UTC' }), facts)).toEqual({
      period: 'daily',
      dateFrom: '2026-01-05',
      dateTo: '2026-01-07',
      data: [
        { period: '2026-01-05', trades: 2, wins: 1, losses: 1, winRate: 50, totalPnL: 5, cumulativePnL: 5, averageR: 1 },
        { ...zero('2026-01-06'), cumulativePnL: 5, averageR: null },
        { period: '2026-01-07', trades: 1, wins: 1, losses: 0, winRate: 100, totalPnL: 20, cumulativePnL: 25, averageR: 2 },
      ],
    });
  });

  it('ignores trades outside the given range in buckets and cumulative P&L', () => {
    const p = accumulate(createPerformanceAccumulator({ tz: 'UTC', dateFrom: '2026-01-06', dateTo: '2026-01-08' }), facts);
    expect(p.data.map((r) => [r.period, r.totalPnL, r.cumulativePnL])).toEqual([
      ['2026-01-06', 0, 0],
      ['2026-01-07', 20, 20],
      ['2026-01-08', 0, 20],
    ]);
  });

  it('buckets by ISO week and month in tz', () => {
    const weekly = accumulate(createPerformanceAccumulator({ tz: 'UTC', period: 'weekly' }), facts);
    expect(weekly.data).toEqual([
      { period: '2026-W02', trades: 3, wins: 2, losses: 1, winRate: 66.66666667, totalPnL: 25, cumulativePnL: 25, averageR: 1.5 },
    ]);
    const monthly = accumulate(
      createPerformanceAccumulator({
        tz: 'America/New_York',
        period: 'monthly',
        dateFrom: '2025-12-15',
        dateTo: '2026-01-31',
      }),
      [at('2026-01-01T03:00:00Z', 4), ...facts],
    );
    expect(monthly.data.map((r) => [r.period, r.trades, r.cumulativePnL])).toEqual([
      ['2025-12', 1, 4],
      ['2026-01', 3, 29],
    ]);
  });

  it('answers nulls without trades and dates, and the given date alone otherwise', () => {
    expect(accumulate(createPerformanceAccumulator({ tz: 'UTC' }), [])).toEqual({
      period: 'daily',
      dateFrom: null,
      dateTo: null,
      data: [],
    });
    const p = accumulate(createPerformanceAccumulator({ tz: 'UTC', dateFrom: '2026-02-01' }), facts);
    expect(p).toEqual({
      period: 'daily',
      dateFrom: '2026-02-01',
      dateTo: '2026-02-01',
      data: [{ ...zero('2026-02-01'), cumulativePnL: 0, averageR: null }],
    });
  });

  it('refuses more than 3,700 buckets up front and after a defaulted range', () => {
    expect(MAX_PERIOD_BUCKETS).toBe(3700);
    expect(performanceBucketCount('daily', '2026-01-01', '2026-01-31')).toBe(31);
    expect(performanceBucketCount('weekly', '2026-12-28', '2027-01-04')).toBe(2);
    expect(performanceBucketCount('monthly', '2000-01-31', '2026-01-01')).toBe(313);
    const ok = createPerformanceAccumulator({ tz: 'UTC', dateFrom: '2020-01-01', dateTo: '2030-02-16' });
    expect(accumulate(ok, []).data).toHaveLength(3700);
    expect(
      validationPath(() =>
        createPerformanceAccumulator({
          tz: 'UTC',
          dateFrom: '2020-01-01',
          dateTo: '2030-02-17',
        }),
      ),
    ).toBe('dateFrom');
    const wide = createPerformanceAccumulator({ tz: 'UTC' });
    expect(validationPath(() => accumulate(wide, [at('2000-01-01T00:00:00Z', 1), at('2026-01-01T00:00:00Z', 1)]))).toBe(
      'dateFrom',
    );
  });

  it('rejects malformed and inverted dates', () => {
    expect(validationPath(() => createPerformanceAccumulator({ tz: 'UTC', dateFrom: '2026-13-01' }))).toBe('dateFrom');
    expect(validationPath(() => createPerformanceAccumulator({ tz: 'UTC', dateTo: 'yesterday' }))).toBe('dateTo');
    expect(
      validationPath(() =>
        createPerformanceAccumulator({
          tz: 'UTC',
          dateFrom: '2026-02-02',
          dateTo: '2026-02-01',
        }),
      ),
    ).toBe('dateFrom');
    expect(validationPath(() => createPerformanceAccumulator({ tz: 'Mars/Base' }))).toBe('tz');
  });
});

describe('period buckets', () => {
  it('zero-fills a fixed range by local exit date', () => {
    const b = accumulate(
      createPeriodBucketsAccumulator({
        period: 'daily',
        tz: 'America/New_York',
        dateFrom: '2026-03-08',
        dateTo: '2026-03-10',
      }),
      [at('2026-03-10T02:30:00Z', 3), at('2026-03-11T03:00:00Z', 9)],
    );
    expect(b).toEqual([
      zero('2026-03-08'),
      { period: '2026-03-09', trades: 1, wins: 1, losses: 0, winRate: 100, totalPnL: 3 },
      { period: '2026-03-10', trades: 1, wins: 1, losses: 0, winRate: 100, totalPnL: 9 },
    ]);
  });
});
