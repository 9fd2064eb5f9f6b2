import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DAY_MS,
  assertTimeZone,
  civilFromDays,
  dayKey,
  daysFromCivil,
  getCalendar,
  isValidTimeZone,
  isoWeekKey,
  monthIndex,
  monthKey,
  parseDayKey,
  weekdayName,
} from '../../src/shared/calendar.js';
import { nextPeriodKey, periodKeyRange, periodStartDay } from '../../src/analytics/periods.js';
import { isCoreError } from '../../src/shared/errors.js';

const ms = (iso: string): number => Date.parse(iso);
const day = (key: string): number => parseDayKey(key) as number;

describe('civil day math', () => {
  it('converts days and keys both ways', () => {
    expect(daysFromCivil(1970, 1, 1)).toBe(0);
    expect(dayKey(0)).toBe('1970-01-01');
    expect(dayKey(-1)).toBe('1969-12-31');
    expect(parseDayKey('2026-11-20')).toBe(ms('2026-11-20T00:00:00Z') / DAY_MS);
    expect(civilFromDays(day('2024-02-29'))).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDayKey('2026-02-30')).toBeNull();
    expect(parseDayKey('2026-1-01')).toBeNull();
    expect(parseDayKey('2026-11-20T00:00:00Z')).toBeNull();
  });

  it('agrees with Date for any day', () => {
    fc.assert(
      fc.property(fc.integer({ min: -700_000, max: 2_900_000 }), (d) => {
        expect(dayKey(d)).toBe(new Date(d * DAY_MS).toISOString().slice(0, 10).padStart(10, '0'));
        expect(parseDayKey(dayKey(d))).toBe(d);
      }),
    );
  });

  it('names weekdays, ISO weeks and months', () => {
    expect(weekdayName(day('2026-03-09'))).toBe('Monday');
    expect(weekdayName(day('2026-03-15'))).toBe('Sunday');
    expect(isoWeekKey(day('2026-12-28'))).toBe('2026-W53');
    expect(isoWeekKey(day('2027-01-01'))).toBe('2026-W53');
    expect(isoWeekKey(day('2027-01-03'))).toBe('2026-W53');
    expect(isoWeekKey(day('2027-01-04'))).toBe('2027-W01');
    expect(isoWeekKey(day('2026-01-01'))).toBe('2026-W01');
    expect(isoWeekKey(day('2025-12-29'))).toBe('2026-W01');
    expect(isoWeekKey(day('2024-12-30'))).toBe('2025-W01');
    expect(isoWeekKey(day('2021-01-03'))).toBe('2020-W53');
    expect(isoWeekKey(day('2026-11-20'))).toBe('2026-W47');
    expect(monthKey(monthIndex(day('2026-11-20')))).toBe('2026-11');
    expect(dayKey(periodStartDay('monthly', monthIndex(day('2026-03-31'))))).toBe('2026-03-01');
  });

  it('iterates period keys', () => {
    expect(nextPeriodKey('daily', '2026-12-31')).toBe('2027-01-01');
    expect(nextPeriodKey('weekly', '2026-W52')).toBe('2026-W53');
    expect(nextPeriodKey('weekly', '2026-W53')).toBe('2027-W01');
    expect(nextPeriodKey('monthly', '2026-12')).toBe('2027-01');
    expect(periodKeyRange('weekly', day('2026-12-20'), day('2027-01-05'))).toEqual([
      '2026-W51',
      '2026-W52',
      '2026-W53',
      '2027-W01',
    ]);
    expect(periodKeyRange('monthly', day('2026-11-30'), day('2027-02-01'))).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(periodKeyRange('daily', day('2024-02-28'), day('2024-03-01'))).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  });
});

describe('time zones', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('validates names', () => {
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(() => assertTimeZone('Mars/Olympus')).toThrow(expect.objectContaining({ code: 'validation_failed' }));
    try {
      getCalendar('Nowhere/Town');
      expect.unreachable();
    } catch (e) {
      expect(isCoreError(e, 'validation_failed') && e.errors?.[0]?.path).toBe('tz');
    }
  });

  it('moves a late UTC exit to the previous New York day', () => {
    const ny = getCalendar('America/New_York');
    const t = ms('2026-03-10T02:30:00Z');
    expect(dayKey(ny.civilDay(t))).toBe('2026-03-09');
    expect(ny.hour(t)).toBe(22);
    expect(dayKey(getCalendar('UTC').civilDay(t))).toBe('2026-03-10');
  });

  it('handles the spring-forward day in New York', () => {
    const ny = getCalendar('America/New_York');
    expect(ny.startOfDay(day('2026-03-08'))).toBe(ms('2026-03-08T05:00:00Z'));
    expect(ny.startOfDay(day('2026-03-09'))).toBe(ms('2026-03-09T04:00:00Z'));
    expect(ny.hour(ms('2026-03-08T06:59:59Z'))).toBe(1);
    expect(ny.hour(ms('2026-03-08T07:00:00Z'))).toBe(3);
    expect(dayKey(ny.civilDay(ms('2026-03-09T03:59:59Z')))).toBe('2026-03-08');
    expect(dayKey(ny.civilDay(ms('2026-03-09T04:00:00Z')))).toBe('2026-03-09');
    expect(dayKey(ny.civilDay(ms('2026-03-08T04:59:59Z')))).toBe('2026-03-07');
  });

  it('handles the fall-back day in New York', () => {
    const ny = getCalendar('America/New_York');
    expect(ny.startOfDay(day('2026-11-01'))).toBe(ms('2026-11-01T04:00:00Z'));
    expect(ny.startOfDay(day('2026-11-02'))).toBe(ms('2026-11-02T05:00:00Z'));
    expect(ny.hour(ms('2026-11-01T05:30:00Z'))).toBe(1);
    expect(ny.hour(ms('2026-11-01T06:30:00Z'))).toBe(1);
    expect(ny.hour(ms('2026-11-01T07:30:00Z'))).toBe(2);
    expect(dayKey(ny.civilDay(ms('2026-11-01T03:59:59.999Z')))).toBe('2026-10-31');
    expect(dayKey(ny.civilDay(ms('2026-11-02T04:59:59.999Z')))).toBe('2026-11-01');
    expect(dayKey(ny.civilDay(ms('2026-11-02T05:00:00Z')))).toBe('2026-11-02');
  });

  it('starts a day whose midnight does not exist at the transition (Santiago)', () => {
    const scl = getCalendar('America/Santiago');
    expect(scl.startOfDay(day('2026-09-06'))).toBe(ms('2026-09-06T04:00:00Z'));
    expect(scl.hour(ms('2026-09-06T04:00:00Z'))).toBe(1);
  });

  it('agrees with Intl for random instants', () => {
    const zones = ['America/New_York', 'Europe/London', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/Santiago'];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: ms('1990-01-01T00:00:00Z'), max: ms('2040-01-01T00:00:00Z') }),
        (tz, t) => {
          const f = new Intl.DateTimeFormat('en-CA', {
            timeZone: tz,
            hourCycle: 'h23',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
          });
          const parts = Object.fromEntries(f.formatToParts(t).map((p) => [p.type, p.value]));
          const cal = getCalendar(tz);
          expect(dayKey(cal.civilDay(t))).toBe(`${parts.year}-${parts.month}-${parts.day}`);
          expect(cal.hour(t)).toBe(Number(parts.hour));
          const start = cal.startOfDay(cal.civilDay(t));
          expect(start).toBeLessThanOrEqual(t);
          expect(cal.civilDay(start)).toBe(cal.civilDay(t));
          expect(cal.civilDay(start - 1)).toBe(cal.civilDay(t) - 1);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('does not call Intl per timestamp', () => {
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    const cal = getCalendar('Europe/Berlin');
    const start = ms('2026-03-25T00:00:00Z');
    let sum = 0;
    for (let i = 0; i < 100_000; i++) sum += cal.civilDay(start + i * 86_400) + cal.hour(start + i * 86_400);
    expect(sum).toBeGreaterThan(0);
    // 100 UTC days: two look-ups per day, plus two per 15-minute slot on the one DST day.
    expect(spy.mock.calls.length).toBeLessThanOrEqual(2 * 100 + 2 * 96);
  });
});
