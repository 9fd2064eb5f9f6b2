/**
 * Values as our own CSVs write them, read strictly: plain decimals, ISO 8601 date-times, tags.
 * Every parser returns a value or a message naming what is wrong (`Parsed`).
 */
import type { BrokerTime, WallClock } from './wall-clock.js';

/** The outcome of parsing one cell: a value, or the message of what is wrong with it. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = <T>(message: string): Parsed<T> => ({ ok: false, message });

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const THOUSANDS = /^[+-]?\d{1,3}(?:[, '\u00a0]\d{3})+(?:\.\d*)?$/;
const DECIMAL_COMMA = /^[+-]?\d+,\d+$/;

/** Parses a plain decimal number (`1234.5`, `-3`, `1e-7`); thousands separators are refused. */
export function parseDecimal(raw: string): Parsed<number> {
  const s = raw.trim();
  if (DECIMAL.test(s)) {
    const n = Number(s);
    return Number.isFinite(n) ? ok(n === 0 ? 0 : n) : bad('number out of range');
  }
  if (THOUSANDS.test(s))
    return bad(`"${s}" has thousands separators: write it without them, e.g. ${s.replace(/[, '\u00a0]/g, '')}`);
  if (DECIMAL_COMMA.test(s)) return bad(`"${s}": use a dot as the decimal separator, e.g. ${s.replace(',', '.')}`);
  return bad(`"${s}" is not a number`);
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

function daysInMonth(year: number, month: number): number {
  if (month !== 2) return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
}

/**
 * Parses an ISO 8601 date-time as written (a space may stand for `T`): an instant when it carries
 * `Z` or a UTC offset, else a wall-clock time to read in a source zone (see `wallClockToInstant`).
 * Sub-millisecond digits are truncated.
 *
 * @example parseTimeCell('2026-11-02 09:30:00') // { ok: true, value: { wall: { year: 2026, month: 11, day: 2, hour: 9, … } } }
 */
export function parseTimeCell(raw: string): Parsed<BrokerTime> {
  const s = raw.trim();
  const m = DATE_TIME.exec(s);
  if (m === null) return bad(`"${s}" is not an ISO 8601 date-time (e.g. 2026-11-20T14:30:00Z)`);
  const frac = m[7];
  const wall: WallClock = {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4]),
    minute: Number(m[5]),
    second: m[6] === undefined ? 0 : Number(m[6]),
    millisecond: frac === undefined ? 0 : Number(frac.slice(0, 3).padEnd(3, '0')),
  };
  const { year, month, day, hour, minute, second } = wall;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) {
    return bad(`"${s}" is not a valid date-time`);
  }
  const zone = m[8];
  if (zone === undefined) return ok({ wall });
  const base = Date.UTC(year, month - 1, day, hour, minute, second, wall.millisecond);
  let offsetMinutes = 0;
  if (zone !== 'Z' && zone !== 'z') {
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2) || '0');
    if (oh > 23 || om > 59) return bad(`"${s}" has an invalid UTC offset`);
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (oh * 60 + om);
  }
  return ok({ utc: base - offsetMinutes * 60_000 });
}

/**
 * Parses an ISO 8601 date-time that carries `Z` or a UTC offset (a space may stand for `T`)
 * into epoch milliseconds; sub-millisecond digits are truncated. A time without an offset is refused.
 */
export function parseDateTime(raw: string): Parsed<number> {
  const r = parseTimeCell(raw);
  if (!r.ok) return r;
  if ('wall' in r.value) return bad(`"${raw.trim()}" has no UTC offset: add Z or e.g. -05:00`);
  return ok(r.value.utc);
}

/** Formats epoch milliseconds as the contract's UTC date-time (`2026-11-20T14:30:00.000Z`). */
export function formatDateTime(ms: number): string {
  return new Date(ms).toISOString();
}

/** The contract's tag rules: up to 20 distinct tags of 1–32 characters. */
export const MAX_TAGS = 20;
/** Longest tag accepted. */
export const MAX_TAG_LENGTH = 32;
/** Longest note accepted. */
export const MAX_NOTES_LENGTH = 10_000;

/** Parses a `;`-separated tag cell: trimmed, empty pieces dropped, duplicates merged. */
export function parseTags(raw: string): Parsed<string[]> {
  const tags = [
    ...new Set(
      raw
        .split(';')
        .map((t) => t.trim())
        .filter((t) => t !== ''),
    ),
  ];
  const long = tags.find((t) => t.length > MAX_TAG_LENGTH);
  if (long !== undefined) return bad(`tag "${long}" is longer than ${MAX_TAG_LENGTH} characters`);
  if (tags.length > MAX_TAGS) return bad(`at most ${MAX_TAGS} tags, found ${tags.length}`);
  return ok(tags);
}

/** Rounds a derived price to 10 decimals so float noise (100.00000000000001) disappears. */
export function round10(value: number): number {
  const v = Number(value.toFixed(10));
  return v === 0 ? 0 : v;
}
