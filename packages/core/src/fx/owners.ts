import { readSettings } from '../settings/read.js';
import type { Repositories } from '../storage/ports.js';
import { type CurrencyOwners, type FxConverter, fxConverter } from './converter.js';
import { addDays, MAX_RATE_AGE_DAYS, rateBook, utcDay } from './rate-book.js';

/** Who states the currency of a user's trades, and every currency their trades and settings name. */
export interface UserCurrencies {
  owners: CurrencyOwners;
  all: Set<string>;
}

/** Who states each trade's currency, and every currency the user's trades and settings name. */
export async function ownersOf(repos: Repositories, userId: string): Promise<UserCurrencies> {
  const [settings, stated] = await Promise.all([readSettings(repos, userId), repos.trades.currencies(userId)]);
  const accountBase = new Map<string, string>();
  for (const [name, scope] of Object.entries(settings.accounts))
    if (scope.baseCurrency !== null) accountBase.set(name, scope.baseCurrency);
  const owners: CurrencyOwners = { accountBase, userBase: settings.baseCurrency };
  const all = new Set([...stated, ...accountBase.values(), ...(owners.userBase === null ? [] : [owners.userBase])]);
  return { owners, all };
}

/**
 * A converter of the user's trades into `target`, with the rates of the currencies involved (of
 * the days `span` covers, when given: the rates in force on them).
 */
export async function converterInto(
  repos: Repositories,
  userId: string,
  target: string,
  { owners, all }: UserCurrencies,
  span?: { from: number; to: number },
): Promise<FxConverter> {
  const currencies = [...new Set([...all, target, 'EUR', 'USD'])];
  const days = span === undefined ? {} : { from: addDays(utcDay(span.from), -MAX_RATE_AGE_DAYS), to: utcDay(span.to) };
  return fxConverter(target, owners, rateBook(await repos.fxRates.list(userId, { currencies, ...days })));
}

/** A converter into `currency` of trades booked within `span` (ms), whatever they are in: the trade list's `currency`. */
export async function converterOf(
  repos: Repositories,
  userId: string,
  currency: string,
  span: { from: number; to: number },
): Promise<FxConverter> {
  return converterInto(repos, userId, currency, await ownersOf(repos, userId), span);
}
