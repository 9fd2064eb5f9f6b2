import type { FxRateInput } from '@tj/schemas';
import { parseDayKey } from '../shared/calendar.js';
import { validationError, type FieldError } from '../shared/errors.js';

/** Most errors one rates file reports (the rest are counted). */
const MAX_ERRORS = 20;
const PAIR = /^([A-Z0-9]{2,10})[/._-]([A-Z0-9]{2,10})$|^([A-Z]{3})([A-Z]{3})$/;
const RATE = /^\d{1,12}(\.\d{1,12})?$/;

/** A pair written `EUR/USD`, `EUR.USD`, `EUR-USD`, `EUR_USD` or `EURUSD` (crypto codes need a separator). */
export function parsePair(text: string): { base: string; quote: string } | undefined {
  const m = PAIR.exec(text.trim().toUpperCase());
  if (m === null) return undefined;
  const base = (m[1] ?? m[3]) as string;
  const quote = (m[2] ?? m[4]) as string;
  return base === quote ? undefined : { base, quote };
}

/**
 * The rates of a CSV of `date,pair,rate` (a header line naming those columns, in any order, or
 * none and that order): `2026-03-02,EUR/USD,1.0834` means 1 EUR = 1.0834 USD on that day. Any bad
 * line makes the whole file a validation error naming each line (nothing is stored), so a typo
 * never becomes a rate.
 *
 * @example readRatesCsv('date,pair,rate\n2026-03-02,EUR/USD,1.0834\n') // [{ date: '2026-03-02', base: 'EUR', quote: 'USD', rate: '1.0834' }]
 */
export function readRatesCsv(text: string): FxRateInput[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const errors: FieldError[] = [];
  let order = { date: 0, pair: 1, rate: 2 };
  let first = true;
  const rates: FxRateInput[] = [];
  let bad = 0;
  const fail = (line: number, message: string): void => {
    bad++;
    if (errors.length < MAX_ERRORS) errors.push({ path: `line ${line}`, message });
  };
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const cells = line.split(/[,;\t]/).map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
    if (first) {
      first = false;
      const names = cells.map((c) => c.toLowerCase());
      if (names.includes('date') && names.includes('pair') && names.includes('rate')) {
        order = { date: names.indexOf('date'), pair: names.indexOf('pair'), rate: names.indexOf('rate') };
        continue;
      }
    }
    const date = cells[order.date] ?? '';
    const pair = parsePair(cells[order.pair] ?? '');
    const rate = cells[order.rate] ?? '';
    if (parseDayKey(date) === null) fail(i + 1, `date "${date}" must be a day YYYY-MM-DD`);
    else if (pair === undefined) fail(i + 1, `pair "${cells[order.pair] ?? ''}" must be two currency codes such as EUR/USD`);
    else if (!RATE.test(rate) || !/[1-9]/.test(rate)) fail(i + 1, `rate "${rate}" must be a positive decimal such as 1.0834`);
    else rates.push({ date, ...pair, rate });
  }
  if (bad > MAX_ERRORS) errors.push({ path: 'file', message: `and ${bad - MAX_ERRORS} more bad lines` });
  if (errors.length > 0) throw validationError(errors);
  if (rates.length === 0)
    throw validationError([
      { path: 'file', message: 'holds no rates: write lines of date,pair,rate such as 2026-03-02,EUR/USD,1.0834' },
    ]);
  return rates;
}
