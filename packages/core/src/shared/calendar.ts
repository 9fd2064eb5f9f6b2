import { validationError } from './errors.js';

/** Milliseconds in a civil day. */
export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const SLOT_MS = 900_000;
/** 0001-01-01T00:00:00Z: Intl year fields are era-relative before it. */
const MIN_INTL_MS = -62_135_596_800_000;
const MAX_CACHE = 200_000;

/** ISO weekday names, Monday first (index 0 = Monday). */
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** A weekday name, Monday … Sunday. */
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

/** A civil (proleptic Gregorian) date; month and day are 1-based. */
export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

const validity = new Map<string, boolean>();

/** True when Intl accepts `tz` as a time zone name (e.g. `UTC`, `America/New_York`). */
export function isValidTimeZone(tz: string): boolean {
  let ok = validity.get(tz);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      ok = tz.length > 0;
    } catch {
      ok = false;
    }
    if (validity.size < 1000) validity.set(tz, ok);
  }
  return ok;
}

/** Throws a `validation_failed` CoreError (at `path`, default `tz`) unless `tz` is a valid time zone. */
export function assertTimeZone(tz: string, path = 'tz'): void {
  if (!isValidTimeZone(tz)) throw validationError([{ path, message: 'must be an IANA time zone name' }]);
}

/** Days since 1970-01-01 of a civil date (H. Hinnant's days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}

/** Civil date of a day number (days since 1970-01-01). */
export function civilFromDays(days: number): CivilDate {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day: doy - Math.floor((153 * mp + 2) / 5) + 1 };
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));
const pad4 = (n: number): string => String(n).padStart(4, '0');

/** `YYYY-MM-DD` of a civil day number. */
export function dayKey(days: number): string {
  const c = civilFromDays(days);
  return `${pad4(c.year)}-${pad2(c.month)}-${pad2(c.day)}`;
}

/** Civil day number of a strict `YYYY-MM-DD` string, or null when malformed or not a real date. */
export function parseDayKey(key: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (m === null) return null;
  const days = daysFromCivil(Number(m[1]), Number(m[2]), Number(m[3]));
  return dayKey(days) === key ? days : null;
}

/** ISO weekday index of a civil day: 0 = Monday … 6 = Sunday. */
export function weekdayIndex(days: number): number {
  return (((days + 3) % 7) + 7) % 7;
}

/** English weekday name of a civil day. */
export function weekdayName(days: number): WeekdayName {
  return WEEKDAY_NAMES[weekdayIndex(days)] ?? 'Monday';
}

/** Index of the ISO week (Monday-based) containing a civil day; week `i` starts on day `7i - 3`. */
export function weekIndex(days: number): number {
  return Math.floor((days + 3) / 7);
}

/** ISO week key `YYYY-Www` of a week index (the ISO year is the year of its Thursday). */
export function weekKey(index: number): string {
  const thursday = index * 7;
  const year = civilFromDays(thursday).year;
  const week = Math.floor((thursday - daysFromCivil(year, 1, 1)) / 7) + 1;
  return `${pad4(year)}-W${pad2(week)}`;
}

/** ISO week key `YYYY-Www` of a civil day (2026-12-28 and 2027-01-01 are both `2026-W53`). */
export function isoWeekKey(days: number): string {
  return weekKey(weekIndex(days));
}

/** Month index (year × 12 + month − 1) of a civil day. */
export function monthIndex(days: number): number {
  const c = civilFromDays(days);
  return c.year * 12 + c.month - 1;
}

/** `YYYY-MM` of a month index. */
export function monthKey(index: number): string {
  const year = Math.floor(index / 12);
  return `${pad4(year)}-${pad2(index - year * 12 + 1)}`;
}

/** Fast local-calendar math for one time zone; offsets are cached per UTC day (per 15 minutes around transitions). */
export interface TzCalendar {
  readonly tz: string;
  /** Offset of local time from UTC at an instant, in ms (New York in winter: −18,000,000). */
  offsetAt(utcMs: number): number;
  /** Local civil day number (days since 1970-01-01 on the local calendar) of an instant. */
  civilDay(utcMs: number): number;
  /** Local hour 0–23 of an instant. */
  hour(utcMs: number): number;
  /** UTC ms of the first instant of a local civil day (handles DST gaps at midnight). */
  startOfDay(days: number): number;
  /**
   * UTC ms of the first instant whose local wall time is at least `localMs` (local ms since
   * 1970-01-01 on the local calendar): in a DST gap, the end of the gap; in an overlap, the
   * first of the two instants.
   */
  startOfLocal(localMs: number): number;
}

class ZoneCalendar implements TzCalendar {
  private readonly days = new Map<number, number>();
  private readonly slots = new Map<number, number>();
  private lastDay = Number.NaN;
  private lastOffset = 0;

  constructor(
    readonly tz: string,
    private readonly dtf: Intl.DateTimeFormat | null,
  ) {}

  offsetAt(utcMs: number): number {
    if (this.dtf === null) return 0;
    const d = Math.floor(utcMs / DAY_MS);
    if (d === this.lastDay) return this.lastOffset;
    let o = this.days.get(d);
    if (o === undefined) {
      if (this.days.size >= MAX_CACHE) this.days.clear();
      o = this.span(d * DAY_MS, DAY_MS);
      this.days.set(d, o);
    }
    if (!Number.isNaN(o)) {
      this.lastDay = d;
      this.lastOffset = o;
      return o;
    }
    const s = Math.floor(utcMs / SLOT_MS);
    let so = this.slots.get(s);
    if (so === undefined) {
      if (this.slots.size >= MAX_CACHE) this.slots.clear();
      so = this.span(s * SLOT_MS, SLOT_MS);
      this.slots.set(s, so);
    }
    return Number.isNaN(so) ? this.exact(utcMs) : so;
  }

  civilDay(utcMs: number): number {
    return Math.floor((utcMs + this.offsetAt(utcMs)) / DAY_MS);
  }

  hour(utcMs: number): number {
    const local = utcMs + this.offsetAt(utcMs);
    return Math.floor((local - Math.floor(local / DAY_MS) * DAY_MS) / HOUR_MS);
  }

  startOfDay(days: number): number {
    return this.startOfLocal(days * DAY_MS);
  }

  startOfLocal(local: number): number {
    const u1 = local - this.offsetAt(local - DAY_MS);
    const u2 = local - this.offsetAt(local + DAY_MS);
    const ok1 = u1 + this.offsetAt(u1) === local;
    const ok2 = u2 + this.offsetAt(u2) === local;
    if (ok1 || ok2) return ok1 && ok2 ? Math.min(u1, u2) : ok1 ? u1 : u2;
    let lo = Math.min(u1, u2);
    let hi = Math.max(u1, u2);
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (mid + this.offsetAt(mid) >= local) hi = mid;
      else lo = mid;
    }
    return hi;
  }

  /** Offset at the start (a) and end (b) of a span, or NaN when they differ. */
  private span(start: number, length: number): number {
    const a = this.exact(start);
    return a === this.exact(start + length - 1) ? a : Number.NaN;
  }

  private exact(utcMs: number): number {
    const t = Math.max(Math.floor(utcMs / 1000) * 1000, MIN_INTL_MS);
    let y = 0,
      mo = 0,
      d = 0,
      h = 0,
      mi = 0,
      s = 0;
    for (const p of (this.dtf as Intl.DateTimeFormat).formatToParts(t)) {
      const v = Number(p.value);
      if (p.type === 'year') y = v;
      else if (p.type === 'month') mo = v;
      else if (p.type === 'day') d = v;
      else if (p.type === 'hour') h = v;
      else if (p.type === 'minute') mi = v;
      else if (p.type === 'second') s = v;
    }
    return daysFromCivil(y, mo, d) * DAY_MS + h * HOUR_MS + mi * 60_000 + s * 1000 - t;
  }
}

const UTC_NAMES = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Etc/Zulu']);
const calendars = new Map<string, TzCalendar>();

/** The (cached) calendar of an IANA time zone; throws `validation_failed` at `tz` when invalid. */
export function getCalendar(tz: string): TzCalendar {
  let cal = calendars.get(tz);
  if (cal !== undefined) return cal;
  assertTimeZone(tz);
  const dtf = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    numberingSystem: 'latn',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  cal = new ZoneCalendar(tz, UTC_NAMES.has(dtf.resolvedOptions().timeZone) ? null : dtf);
  if (calendars.size < 1000) calendars.set(tz, cal);
  return cal;
}
