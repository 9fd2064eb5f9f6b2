/**
 * Reading Databento's CSV answer of an OHLCV schema (https://databento.com/docs/schemas/ohlcv):
 * a header `ts_event,rtype,publisher_id,instrument_id,open,high,low,close,volume`, then one row
 * per bar; `ts_event` the bar's start in nanoseconds since the epoch, prices fixed-point integers
 * where 1 unit is 1e-9 (`pretty_px=false`).
 */
import type { Bar } from '../../market/bar.js';
import { ProviderError } from '../../providers/errors.js';

/** Databento's null price (INT64_MAX), never a real price. */
const UNDEF_PRICE = '9223372036854775807';
const INTEGER = /^-?\d+$/;

const malformed = (why: string) => new ProviderError('databento', 'malformed', `the answer could not be read: ${why}`);

/**
 * A fixed-point price (1 unit = 1e-9) as the number its decimal reads as, through its text so no
 * float product rounds it: `5000250000000` → 5000.25.
 *
 * @example fixedPrice('5000250000000') // 5000.25
 */
export function fixedPrice(text: string): number {
  if (!INTEGER.test(text) || text === UNDEF_PRICE) throw malformed(`"${text.slice(0, 24)}" is not a price`);
  const negative = text.startsWith('-');
  const digits = (negative ? text.slice(1) : text).padStart(10, '0');
  const decimal = `${digits.slice(0, -9)}.${digits.slice(-9)}`;
  return Number(negative ? `-${decimal}` : decimal);
}

/** A nanosecond timestamp as ms (its text cut, no float on the way). */
function nanosToMs(text: string): number {
  if (!/^\d{7,}$/.test(text)) throw malformed(`"${text.slice(0, 24)}" is not a timestamp in nanoseconds`);
  return Number(text.slice(0, -6));
}

const COLUMNS = ['ts_event', 'open', 'high', 'low', 'close', 'volume'] as const;

/**
 * The bars of a Databento OHLCV CSV answer that start in [from, to), oldest first. A body without
 * the columns, a row with a missing or unreadable field, or a bar whose high is below its low is
 * a `malformed` provider error (nothing is kept from it).
 */
export function readDatabentoCsv(text: string, from: number, to: number): Bar[] {
  const lines = text.split(/\r?\n/).filter((line) => line !== '');
  if (lines.length === 0) return [];
  const header = (lines[0] as string).split(',');
  const at = Object.fromEntries(COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<(typeof COLUMNS)[number], number>;
  const missing = COLUMNS.filter((c) => at[c] < 0);
  if (missing.length > 0) throw malformed(`no ${missing.join(', ')} column`);
  const bars: Bar[] = [];
  for (let i = 1; i < lines.length; i++) {
    const cells = (lines[i] as string).split(',');
    if (cells.length !== header.length) throw malformed(`row ${i + 1} has ${cells.length} fields, not ${header.length}`);
    const cell = (c: (typeof COLUMNS)[number]) => cells[at[c]] as string;
    const volume = cell('volume');
    if (!/^\d+$/.test(volume)) throw malformed(`row ${i + 1}: "${volume.slice(0, 24)}" is not a volume`);
    const bar: Bar = {
      time: nanosToMs(cell('ts_event')),
      open: fixedPrice(cell('open')),
      high: fixedPrice(cell('high')),
      low: fixedPrice(cell('low')),
      close: fixedPrice(cell('close')),
      volume: Number(volume),
    };
    if (bar.high < bar.low) throw malformed(`row ${i + 1}: the high is below the low`);
    if (bar.time >= from && bar.time < to) bars.push(bar);
  }
  return bars.sort((a, b) => a.time - b.time);
}
