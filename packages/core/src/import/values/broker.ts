/**
 * Values as brokers write them: money with currency signs, parentheses, thousands separators
 * and decimal commas; dates in the patterns their exports use. Every parser returns a value or
 * a message naming what is wrong, never a guess.
 */
import type { Parsed } from './plain.js';
import type { WallClock } from './wall-clock.js';

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = <T>(message: string): Parsed<T> => ({ ok: false, message });

/** How a number is written: `us` 1,234.56 (default) or `eu` 1.234,56. */
export type NumberLocale = 'us' | 'eu';

const CURRENCY = /[$€£¥]|\b(?:USD|EUR|GBP|JPY|CHF|CAD|AUD|USDT)\b/g;
const US = /^\d{1,3}(?:[,\u00a0 \u202f']\d{3})*(?:\.\d*)?$|^\d+(?:\.\d*)?$|^\.\d+$/;
const EU = /^\d{1,3}(?:[.\u00a0 \u202f']\d{3})*(?:,\d*)?$|^\d+(?:,\d*)?$/;

/**
 * Parses an amount as brokers write it: `1,234.50`, `$(1,234.50)`, `($650.00)`, `-$5`, `- 0.08`,
 * `4 182.78`, `"1,000"`, `-1,00 $` (with `eu`), `+100`, `@5.00`; blank is an error.
 *
 * @example parseAmount('$(1,234.50)') // { ok: true, value: -1234.5 }
 */
export function parseAmount(raw: string, locale: NumberLocale = 'us'): Parsed<number> {
  let s = raw.trim().replace(/^@/, '').replace(CURRENCY, '').trim();
  let negative = false;
  if (s.startsWith('(') && s.endsWith(')')) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  if (s.startsWith('-') || s.startsWith('+')) {
    negative = negative !== s.startsWith('-');
    s = s.slice(1).trim();
  }
  if (s.endsWith('-')) {
    negative = !negative;
    s = s.slice(0, -1).trim();
  }
  s = s.replace(CURRENCY, '').trim();
  if (s.startsWith('(') && s.endsWith(')')) {
    negative = !negative;
    s = s.slice(1, -1).trim();
  }
  if (s === '') return bad(`"${raw.trim()}" is not an amount`);
  const pattern = locale === 'eu' ? EU : US;
  if (!pattern.test(s)) return bad(`"${raw.trim()}" is not an amount`);
  const plain = locale === 'eu' ? s.replace(/[.\u00a0 \u202f']/g, '').replace(',', '.') : s.replace(/[,\u00a0 \u202f']/g, '');
  const n = Number(plain);
  if (!Number.isFinite(n)) return bad(`"${raw.trim()}" is out of range`);
  const value = negative ? -n : n;
  return ok(value === 0 ? 0 : value);
}

/** Like {@link parseAmount}, but blank cells (and `--`, `-`, `N/A`) read as `fallback`. */
export function parseOptionalAmount(raw: string | undefined, fallback: number, locale: NumberLocale = 'us'): Parsed<number> {
  const s = (raw ?? '').trim();
  if (s === '' || s === '-' || s === '--' || s.toUpperCase() === 'N/A') return ok(fallback);
  return parseAmount(s, locale);
}

/** Date-time patterns brokers use. Tokens: yyyy yy MM M dd d HH H hh h mm ss SSS a (AM/PM) MMM (JAN). */
export type DatePattern = string;

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const TOKEN = /yyyy|yy|MMM|MM|M|dd|d|HH|H|hh|h|mm|ss|SSS|a|[^A-Za-z]+|[A-Za-z]/g;
const compiled = new Map<string, { regex: RegExp; fields: string[] }>();

function compile(pattern: DatePattern): { regex: RegExp; fields: string[] } {
  let c = compiled.get(pattern);
  if (c !== undefined) return c;
  const fields: string[] = [];
  let source = '';
  for (const token of pattern.match(TOKEN) ?? []) {
    const group: Record<string, string> = {
      yyyy: '(\\d{4})',
      yy: '(\\d{2})',
      MMM: '([A-Za-z]{3})',
      MM: '(\\d{2})',
      M: '(\\d{1,2})',
      dd: '(\\d{2})',
      d: '(\\d{1,2})',
      HH: '(\\d{2})',
      H: '(\\d{1,2})',
      hh: '(\\d{2})',
      h: '(\\d{1,2})',
      mm: '(\\d{2})',
      ss: '(\\d{2})',
      SSS: '(\\d{1,9})',
      a: '([AaPp][Mm])',
    };
    const g = group[token];
    if (g !== undefined) {
      fields.push(token);
      source += g;
    } else {
      source += token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ +/g, '\\s+');
    }
  }
  c = { regex: new RegExp(`^\\s*${source}\\s*$`), fields };
  compiled.set(pattern, c);
  return c;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Parses a date-time written in `pattern` into wall-clock fields (no zone: the pipeline reads it
 * in the source time zone). A pattern without time fields gives midnight.
 *
 * @example parseWallClock('1/28/2025 10:59:52 AM', 'M/d/yyyy h:mm:ss a') // 2025-01-28 10:59:52
 */
export function parseWallClock(raw: string, pattern: DatePattern): Parsed<WallClock> {
  const { regex, fields } = compile(pattern);
  const m = regex.exec(raw);
  if (m === null) return bad(`"${raw.trim()}" does not match the date pattern ${pattern}`);
  const w: WallClock = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0, millisecond: 0 };
  let pm: boolean | undefined;
  fields.forEach((field, i) => {
    const v = m[i + 1] as string;
    if (field === 'yyyy') w.year = Number(v);
    else if (field === 'yy') w.year = 2000 + Number(v);
    else if (field === 'MMM') w.month = MONTHS.indexOf(v.toUpperCase()) + 1;
    else if (field === 'MM' || field === 'M') w.month = Number(v);
    else if (field === 'dd' || field === 'd') w.day = Number(v);
    else if (field === 'HH' || field === 'H' || field === 'hh' || field === 'h') w.hour = Number(v);
    else if (field === 'mm') w.minute = Number(v);
    else if (field === 'ss') w.second = Number(v);
    else if (field === 'SSS') w.millisecond = Number(v.slice(0, 3).padEnd(3, '0'));
    else if (field === 'a') pm = v.toUpperCase() === 'PM';
  });
  if (pm !== undefined) {
    if (w.hour < 1 || w.hour > 12) return bad(`"${raw.trim()}" has an hour outside 1-12 with AM/PM`);
    w.hour = (w.hour % 12) + (pm ? 12 : 0);
  }
  if (
    w.month < 1 ||
    w.month > 12 ||
    w.day < 1 ||
    w.day > daysIn(w.year, w.month) ||
    w.hour > 23 ||
    w.minute > 59 ||
    w.second > 59
  ) {
    return bad(`"${raw.trim()}" is not a valid date-time`);
  }
  return ok(w);
}

/** The buy/sell words brokers use (lower-cased, trimmed): B, BOT, BUY, Bought, BTO, BTC, Buy to Open, … */
export function sideOf(raw: string): 'buy' | 'sell' | undefined {
  const s = raw.trim().toLowerCase();
  if (
    /^(b|bot|buy|bought|long|bto|btc|bc|buy to (open|close|cover)|buy_to_(open|close)|buy (open|close)|buytocover|cover)$/.test(s)
  )
    return 'buy';
  if (
    /^(s|sld|sell|sold|short|sto|stc|ss|sell short|sell to (open|close)|sell_to_(open|close)|sell (open|close)|sellshort)$/.test(
      s,
    )
  )
    return 'sell';
  return undefined;
}
