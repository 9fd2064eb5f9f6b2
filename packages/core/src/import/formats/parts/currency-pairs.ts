/** Currency pairs written as six letters (`EURUSD`, `USD/JPY`, `EUR.USD`): forex instruments. */

const CURRENCIES = new Set(
  'USD EUR JPY GBP CHF CAD AUD NZD SEK NOK DKK PLN CZK HUF TRY ZAR MXN SGD HKD CNH CNY ILS RUB INR KRW THB BRL'.split(' '),
);

/** A currency pair of a forex instrument. */
export interface CurrencyPair {
  base: string;
  quote: string;
}

/**
 * The pair of a forex symbol made of two ISO currency codes, optionally split by `/`, `.`, `-` or
 * `_`; undefined for anything else (stocks, crypto, metals).
 *
 * @example currencyPair('EURUSD') // { base: 'EUR', quote: 'USD' }
 */
export function currencyPair(symbol: string): CurrencyPair | undefined {
  const m = /^([A-Z]{3})[/._-]?([A-Z]{3})$/.exec(symbol.trim().toUpperCase());
  if (m === null) return undefined;
  const [, base, quote] = m as unknown as [string, string, string];
  return CURRENCIES.has(base) && CURRENCIES.has(quote) && base !== quote ? { base, quote } : undefined;
}
