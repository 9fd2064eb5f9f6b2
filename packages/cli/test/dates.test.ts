import { describe, expect, it } from 'vitest';
import { filterBound, isCalendarDate, parseDateTimeArg, todayIn } from '../src/util/dates.js';

describe('date-time arguments', () => {
  it('reads ISO date-times with Z or an offset as instants, whatever --tz says', () => {
    expect(parseDateTimeArg('2026-11-20T14:30:00Z', 'Asia/Tokyo')).toBe('2026-11-20T14:30:00.000Z');
    expect(parseDateTimeArg('2026-11-20T09:30:00-05:00', 'UTC')).toBe('2026-11-20T14:30:00.000Z');
    expect(parseDateTimeArg('2026-11-20 09:30+0100', 'UTC')).toBe('2026-11-20T08:30:00.000Z');
  });

  it('reads wall-clock times without an offset in the --tz zone, across daylight saving', () => {
    expect(parseDateTimeArg('2026-11-20 09:30', 'America/New_York')).toBe('2026-11-20T14:30:00.000Z');
    expect(parseDateTimeArg('2026-07-20 09:30', 'America/New_York')).toBe('2026-07-20T13:30:00.000Z');
    expect(parseDateTimeArg('2026-11-20', 'Europe/Berlin')).toBe('2026-11-19T23:00:00.000Z');
    // core's one rule for naive times: a time the spring-forward skips reads as before the jump,
    // one the fall-back repeats as the earlier of the two
    expect(parseDateTimeArg('2026-03-08 02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(parseDateTimeArg('2026-11-01 01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
  });

  it('takes now, and refuses text that is not a date-time or a day that does not exist', () => {
    const now = new Date('2026-11-20T10:00:00Z');
    expect(parseDateTimeArg('now', 'UTC', now)).toBe('2026-11-20T10:00:00.000Z');
    expect(parseDateTimeArg('yesterday', 'UTC')).toBeUndefined();
    expect(parseDateTimeArg('2026-02-30', 'UTC')).toBeUndefined();
    expect(parseDateTimeArg('2026-11-20 25:00', 'UTC')).toBeUndefined();
  });

  it('makes a calendar-date filter cover the whole day in the zone, the end inclusive', () => {
    expect(filterBound('2026-11-20', 'America/New_York', false)).toBe('2026-11-20T05:00:00.000Z');
    expect(filterBound('2026-11-20', 'America/New_York', true)).toBe('2026-11-21T04:59:59.999Z');
    expect(filterBound('2026-11-20T10:00:00Z', 'America/New_York', true)).toBe('2026-11-20T10:00:00.000Z');
  });

  it("knows today's date in a zone and which calendar dates exist", () => {
    const now = new Date('2026-11-21T02:00:00Z');
    expect(todayIn('UTC', now)).toBe('2026-11-21');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-11-20');
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
  });
});
