/**
 * How NinjaTrader 8 writes values: in the Windows locale of the trader's machine. US exports use
 * `,` between cells, `1234.50`, `$1.55`, `($20.00)` and `1/28/2025 10:59:52 AM`; European ones
 * `;`, `1234,50`, `1,55 €`, `-1,00 $` and `28.01.2025 10:59:52` or `28/01/2025 10:59:52`. The
 * locale is read from the file itself (see {@link inferNinjaLocale}).
 */
import type { Parsed } from '../../values/plain.js';
import { type NumberLocale, parseWallClock } from '../../values/broker.js';
import type { HeaderRow } from '../../read/csv-records.js';
import { FUTURES, parseFuturesContract } from '../../../instruments/catalogue.js';
import type { FormatWarning, InstrumentHints, ReadOptions, WallClock } from '../types.js';
import { cellValue } from './cells.js';
import { currencyPair } from './currency-pairs.js';

/** Which date field comes first. */
export type DateOrder = 'month-first' | 'day-first' | 'year-first';

/** How one file writes numbers and dates. */
export interface NinjaLocale {
  numbers: NumberLocale;
  dates: DateOrder;
}

/** Cells of the first rows to infer the locale from. */
export interface NinjaSample {
  /** Prices and money cells as written. */
  numbers: string[];
  /** Date-time cells as written. */
  times: string[];
}

const DATE_TIME = /^\s*(\d{1,4})([./-])(\d{1,2})[./-](\d{2,4}),?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp]\.?\s?[Mm]\.?)?\s*$/;

/** The decimal separator a number cell shows, when it shows one unambiguously. */
function decimalEvidence(cell: string): NumberLocale | undefined {
  const s = cell.replace(/[^\d.,]/g, '');
  const dot = s.lastIndexOf('.');
  const comma = s.lastIndexOf(',');
  if (dot !== -1 && comma !== -1) return comma > dot ? 'eu' : 'us';
  const at = Math.max(dot, comma);
  if (at === -1 || s.length - at - 1 === 3) return undefined;
  return comma !== -1 ? 'eu' : 'us';
}

function dateEvidence(cell: string): DateOrder | undefined {
  const m = DATE_TIME.exec(cell);
  if (m === null) return undefined;
  if ((m[1] as string).length === 4) return 'year-first';
  if (Number(m[1]) > 12) return 'day-first';
  if (Number(m[3]) > 12) return 'month-first';
  return undefined;
}

function decided<T>(evidence: (T | undefined)[]): T | undefined {
  const seen = new Set(evidence.filter((e): e is T => e !== undefined));
  return seen.size === 1 ? [...seen][0] : undefined;
}

/**
 * The locale of a NinjaTrader file, from its first rows. Numbers: a cell whose decimal separator
 * is plain (`1234,50`, `1.55`; not `1,000`) decides; else the `locale` option; else `;` between
 * cells means decimal commas. Dates: a first field above 12 means day-first, a second above 12
 * month-first, a four-digit first field year-first; when every date fits both orders, the
 * `locale` option decides (us: month-first, eu: day-first), else AM/PM with `/` reads
 * month-first and anything else day-first, and a warning says so.
 *
 * @example inferNinjaLocale({ numbers: ['21500,25'], times: ['28.01.2025 10:59:52'] }, { delimiter: ';' }).locale // { numbers: 'eu', dates: 'day-first' }
 */
export function inferNinjaLocale(sample: NinjaSample, options: ReadOptions): { locale: NinjaLocale; warning?: string } {
  const numbers = decided(sample.numbers.map(decimalEvidence)) ?? options.locale ?? (options.delimiter === ';' ? 'eu' : 'us');
  const fromDates = decided(sample.times.map(dateEvidence));
  if (fromDates !== undefined) return { locale: { numbers, dates: fromDates } };
  if (options.locale !== undefined) return { locale: { numbers, dates: options.locale === 'us' ? 'month-first' : 'day-first' } };
  const first = sample.times.map((t) => DATE_TIME.exec(t)).find((m) => m !== null);
  if (first === undefined) return { locale: { numbers, dates: 'month-first' } };
  const dates: DateOrder = first[2] === '/' && first[8] !== undefined ? 'month-first' : 'day-first';
  const shown = dates === 'month-first' ? 'month/day (US)' : 'day/month';
  return {
    locale: { numbers, dates },
    warning: `every date fits both day/month and month/day (e.g. "${first[0].trim()}"): read as ${shown}; pass the locale (us or eu) to choose`,
  };
}

/**
 * The locale of a file from its first rows' number and time columns (see {@link inferNinjaLocale}),
 * with the warning to report when the dates left it to a guess.
 */
export function localeOfRows(
  rows: readonly HeaderRow[],
  columns: { numbers: readonly string[]; times: readonly string[] },
  options: ReadOptions,
): { locale: NinjaLocale; warnings: ({ kind: 'warning' } & FormatWarning)[] } {
  const sample = {
    numbers: rows.flatMap((r) => columns.numbers.map((c) => r.get(c))),
    times: rows.flatMap((r) => columns.times.map((c) => r.get(c))),
  };
  const { locale, warning } = inferNinjaLocale(sample, options);
  const line = rows[0]?.line ?? 1;
  return { locale, warnings: warning === undefined ? [] : [{ kind: 'warning', line, message: warning }] };
}

/**
 * Parses a NinjaTrader date-time in the file's date order: `1/28/2025 10:59:52 AM`,
 * `28.01.2025 10:59:52`, `28/01/2025 10:59`, `2025-01-28 10:59:52`.
 *
 * @example parseNinjaTime('28.01.2025 10:59:52', 'day-first') // { ok: true, value: 2025-01-28 10:59:52 }
 */
export function parseNinjaTime(raw: string, dates: DateOrder): Parsed<WallClock> {
  const m = DATE_TIME.exec(raw);
  if (m === null) return { ok: false, message: `"${raw.trim()}" is not a date and time` };
  const [, a, , b, c, h, min, s, ampm] = m as unknown as (string | undefined)[];
  const [year, month, day] = dates === 'year-first' ? [a, b, c] : dates === 'month-first' ? [c, a, b] : [c, b, a];
  const yearToken = (year as string).length === 2 ? 'yy' : 'yyyy';
  const meridiem = ampm === undefined ? '' : ` ${ampm.replace(/[.\s]/g, '').toUpperCase()}`;
  const normal = `${year}-${month}-${day} ${h}:${min}:${s ?? '00'}${meridiem}`;
  const r = parseWallClock(normal, `${yearToken}-M-d ${ampm === undefined ? 'H' : 'h'}:mm:ss${ampm === undefined ? '' : ' a'}`);
  const order = dates === 'month-first' ? 'month/day' : dates === 'day-first' ? 'day/month' : 'year-month-day';
  return r.ok ? r : { ok: false, message: `"${raw.trim()}" is not a valid date-time (read as ${order})` };
}

/** A date-time cell in the file's date order (see {@link parseNinjaTime}). */
export function ninjaTimeCell(row: HeaderRow, column: string, dates: DateOrder): WallClock {
  return cellValue(row, column, parseNinjaTime(row.get(column), dates));
}

/**
 * What an instrument name tells: a futures contract (`MNQ MAR25`, `MNQ 03-26`, or any name that
 * starts with a catalogue root, so an unreadable month fails instead of importing with
 * multiplier 1), a currency pair (forex, units), or nothing (stocks).
 *
 * @example ninjaInstrument('MNQ 03-26') // { assetClass: 'future' }
 */
export function ninjaInstrument(name: string): InstrumentHints {
  const root = name.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
  if (parseFuturesContract(name) !== undefined || (name.includes(' ') && FUTURES.has(root))) return { assetClass: 'future' };
  const pair = currencyPair(name.replace(/^\$/, ''));
  if (pair !== undefined) return { assetClass: 'forex', multiplier: 1, currency: pair.quote };
  return {};
}
