/** Number and time formatting of the report (en-US digits, like the CLI's tables). */
import { getCalendar } from '@tj/core/calendar';

/** Shown for a missing value. */
export const NONE = '–';

const moneyFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const plainFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Money with two decimals: `-1,234.50`. */
export const money = (v: number | null | undefined): string => (finite(v) ? moneyFormat.format(v) : NONE);
/** A whole count: `1,234`. */
export const count = (v: number | null | undefined): string => (finite(v) ? countFormat.format(v) : NONE);
/** A percentage 0–100 with one decimal: `55.0%`. */
export const pct = (v: number | null | undefined): string => (finite(v) ? `${v.toFixed(1)}%` : NONE);
/** A ratio with two decimals: `1.85`. */
export const ratio = (v: number | null | undefined): string => (finite(v) ? v.toFixed(2) : NONE);
/** An R multiple: `1.50R`. */
export const rMultiple = (v: number | null | undefined): string => (finite(v) ? `${v.toFixed(2)}R` : NONE);
/** Any number as given (up to 8 decimals). */
export const plain = (v: number | null | undefined): string => (finite(v) ? plainFormat.format(v) : NONE);

/** How many decimals `value` is written with (at most 8): `decimalsOf(25073.25)` → 2. */
function decimalsOf(value: number | null | undefined): number {
  if (!finite(value)) return 0;
  const text = String(Number(value.toFixed(8)));
  const dot = text.indexOf('.');
  return dot === -1 || text.includes('e') ? 0 : text.length - dot - 1;
}

/**
 * Prices written with the same decimals, the most any of `values` has, so a column of one
 * instrument's prices lines up (25,072.00 above 25,073.25, not 25,072); `none` for a missing one.
 * The CLI's tables and the report's write prices so.
 *
 * @example priceFormat([25072, 25073.25])(25072) // '25,072.00'
 */
export function priceFormat(
  values: ReadonlyArray<number | null | undefined>,
  none = NONE,
): (value: number | null | undefined) => string {
  const digits = Math.max(0, ...values.map(decimalsOf));
  const format = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: Math.max(digits, 8) });
  return (value) => (finite(value) ? format.format(value) : none);
}

/** Each instrument's price format for a table of `trades`: its own decimals, the most any of its entries or exits there has. */
export function pricesByInstrument(
  trades: ReadonlyArray<{ instrument: string; entryPrice: number | null; exitPrice: number | null }>,
  none = NONE,
): Map<string, ReturnType<typeof priceFormat>> {
  const values = new Map<string, Array<number | null>>();
  for (const t of trades) {
    const list = values.get(t.instrument) ?? [];
    if (list.length === 0) values.set(t.instrument, list);
    list.push(t.entryPrice, t.exitPrice);
  }
  return new Map([...values].map(([instrument, list]) => [instrument, priceFormat(list, none)]));
}

/** A duration in seconds as `2 h 05 min`, `4 min 10 s` or `1 d 3 h`. */
export function duration(seconds: number | null | undefined): string {
  if (!finite(seconds)) return NONE;
  const s = Math.round(Math.abs(seconds));
  const sign = seconds < 0 ? '-' : '';
  if (s < 60) return `${sign}${s} s`;
  if (s < 3600) return `${sign}${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  if (s < 86_400) return `${sign}${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
  return `${sign}${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3600)} h`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant (ISO string or ms) on the wall clock of `tz`: `2026-11-20 09:30`. */
export function localDateTime(at: string | number | null | undefined, tz: string): string {
  if (at === null || at === undefined) return NONE;
  const ms = typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(ms)) return NONE;
  const d = new Date(ms + getCalendar(tz).offsetAt(ms));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** A filter bound as people read it: the date alone when it is a day's first or last moment in `tz`. */
export function filterBound(value: string, tz: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const shown = localDateTime(value, tz);
  const seconds = new Date(Date.parse(value) + getCalendar(tz).offsetAt(Date.parse(value))).getUTCSeconds();
  return shown.endsWith(' 00:00') || (shown.endsWith(' 23:59') && seconds === 59) ? shown.slice(0, 10) : shown;
}
