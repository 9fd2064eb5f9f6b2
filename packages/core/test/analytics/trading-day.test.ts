import { describe, expect, it } from 'vitest';
import { dayKey } from '../../src/shared/calendar.js';
import { tradingDayClock, tradingDaysOf } from '../../src/shared/trading-day.js';

const day = (clock: ReturnType<typeof tradingDayClock>, iso: string) => dayKey(clock.dayOf(Date.parse(iso)));
const start = (clock: ReturnType<typeof tradingDayClock>, date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(clock.startOf(Date.UTC(y, m - 1, d) / 86_400_000)).toISOString();
};

describe('trading day clock', () => {
  it('is the civil day at midnight in tz without a start', () => {
    const c = tradingDayClock('America/New_York', null);
    expect(day(c, '2026-03-02T04:59:59Z')).toBe('2026-03-01');
    expect(day(c, '2026-03-02T05:00:00Z')).toBe('2026-03-02');
    expect(start(c, '2026-03-08')).toBe('2026-03-08T05:00:00.000Z');
    expect(start(c, '2026-03-09')).toBe('2026-03-09T04:00:00.000Z');
  });

  it('names an evening start by the date it ends on, at 17:00 wall time on both sides of a DST change', () => {
    const c = tradingDayClock('UTC', { time: '17:00', timeZone: 'America/Chicago' });
    expect(start(c, '2026-03-09')).toBe('2026-03-08T22:00:00.000Z'); // Sun 17:00 CDT
    expect(start(c, '2026-03-08')).toBe('2026-03-07T23:00:00.000Z'); // Sat 17:00 CST
    expect(start(c, '2026-11-02')).toBe('2026-11-01T23:00:00.000Z'); // Sun 17:00 CST
    expect(start(c, '2026-11-01')).toBe('2026-10-31T22:00:00.000Z'); // Sat 17:00 CDT
    expect(day(c, '2026-11-01T22:59:59Z')).toBe('2026-11-01');
    expect(day(c, '2026-11-01T23:00:00Z')).toBe('2026-11-02');
  });

  it('names a morning start by the date it starts on, and takes the zone of tz when the start has none', () => {
    const c = tradingDayClock('Europe/Berlin', { time: '06:00', timeZone: null });
    expect(day(c, '2026-03-02T04:59:00Z')).toBe('2026-03-01'); // 05:59 CET
    expect(day(c, '2026-03-02T05:00:00Z')).toBe('2026-03-02'); // 06:00 CET
    expect(start(c, '2026-03-30')).toBe('2026-03-30T04:00:00.000Z'); // 06:00 CEST
  });

  it('starts a day inside a DST gap at the end of the gap', () => {
    const c = tradingDayClock('America/New_York', { time: '02:30', timeZone: null });
    // 8 March 2026 02:30 does not exist in New York: the day starts at 03:00 EDT (07:00Z).
    expect(start(c, '2026-03-08')).toBe('2026-03-08T07:00:00.000Z');
    expect(day(c, '2026-03-08T06:59:59Z')).toBe('2026-03-07');
  });

  it("uses an account's clock for its trades and spans every clock for a range", () => {
    const days = tradingDaysOf('UTC', {
      baseCurrency: null,
      tradingDayStart: null,
      defaultRisk: null,
      instruments: {},
      commission: null,
      accounts: {
        CME: {
          baseCurrency: null,
          tradingDayStart: { time: '17:00', timeZone: 'America/Chicago' },
          defaultRisk: null,
          instruments: {},
          commission: null,
        },
        Plain: { baseCurrency: null, tradingDayStart: null, defaultRisk: null, instruments: {}, commission: null },
      },
    });
    const t = Date.parse('2026-03-06T23:30:00Z');
    expect(dayKey(days.dayOf(t, 'CME'))).toBe('2026-03-07');
    expect(dayKey(days.dayOf(t, 'Plain'))).toBe('2026-03-06');
    expect(dayKey(days.dayOf(t, null))).toBe('2026-03-06');
    const d = Date.UTC(2026, 2, 7) / 86_400_000;
    const span = days.span(d, d);
    expect(new Date(span.from).toISOString()).toBe('2026-03-06T23:00:00.000Z');
    expect(new Date(span.to).toISOString()).toBe('2026-03-08T00:00:00.000Z');
  });
});
