/**
 * Reading the ECB Data Portal's `csvdata` answer: a header row naming the series' dimensions
 * (`KEY,FREQ,CURRENCY,CURRENCY_DENOM,EXR_TYPE,EXR_SUFFIX,TIME_PERIOD,OBS_VALUE` with
 * `detail=dataonly`; more columns with full detail), then one row per observation.
 */
import { parse } from 'csv-parse/sync';
import type { FxRate } from '../../fx/ports.js';
import { ProviderError } from '../../providers/errors.js';

const NEEDED = ['CURRENCY', 'TIME_PERIOD', 'OBS_VALUE'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A published rate: a positive decimal, written as the ECB writes it (`1.0830`, `160.7`). */
const RATE = /^\d+(?:\.\d+)?$/;
/** How the CSV spells an observation with no value (the ECB marks missing ones so). */
const NO_VALUE = new Set(['', 'NaN', 'NA']);

function malformed(message: string): ProviderError {
  return new ProviderError('ecb', 'malformed', `the answer is not the documented CSV: ${message}`);
}

function rows(text: string): Record<string, string>[] {
  try {
    return parse(text, {
      bom: true,
      skip_empty_lines: true,
      columns: (header: string[]) => {
        const missing = NEEDED.filter((name) => !header.includes(name));
        if (missing.length > 0) throw malformed(`no ${missing.join(', ')} column`);
        return header;
      },
    }) as Record<string, string>[];
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw malformed((error as Error).message.split('\n', 1)[0] ?? 'unreadable CSV');
  }
}

/**
 * The rates of an ECB `csvdata` answer that the request asked for: rows of other currencies or
 * outside `from` … `to` are left out, as are observations without a value; a row whose date or
 * rate is not as documented, or whose denominator is not EUR, makes the whole answer `malformed`.
 * An empty body (the service has answered an empty range with one) is no rates.
 */
export function readEcbCsv(text: string, range: { from: string; to: string }, currencies: ReadonlySet<string>): FxRate[] {
  if (text.trim() === '') return [];
  const rates: FxRate[] = [];
  for (const [i, row] of rows(text).entries()) {
    const line = i + 2;
    const quote = row.CURRENCY ?? '';
    const date = row.TIME_PERIOD ?? '';
    const rate = (row.OBS_VALUE ?? '').trim();
    if (row.CURRENCY_DENOM !== undefined && row.CURRENCY_DENOM !== 'EUR') {
      throw malformed(`line ${line} is against ${row.CURRENCY_DENOM}, not EUR`);
    }
    if (!DAY.test(date)) throw malformed(`line ${line} has the period "${date.slice(0, 20)}", not a day`);
    if (!currencies.has(quote) || date < range.from || date > range.to || NO_VALUE.has(rate)) continue;
    if (!RATE.test(rate) || !/[1-9]/.test(rate))
      throw malformed(`line ${line} has the rate "${rate.slice(0, 20)}", not a positive decimal`);
    rates.push({ date, base: 'EUR', quote, rate });
  }
  return rates.sort((a, b) => (a.date === b.date ? (a.quote < b.quote ? -1 : 1) : a.date < b.date ? -1 : 1));
}
