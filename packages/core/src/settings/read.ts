/**
 * Reading a user's settings: what the trade rules, analytics, reports, alerts and the import
 * writer look at (the trading day start, the default risk).
 */
import { type ScopeSettings, type Settings, scopeSettingsSchema } from '@tj/schemas';
import { type TradingDays, tradingDaysOf } from '../shared/trading-day.js';
import type { Repositories } from '../storage/ports.js';

/** The settings document of the user themselves (per-account ones are keyed by the account name). */
export const USER_SCOPE = '';
/** A scope's settings where nothing is stored. */
export const DEFAULTS: ScopeSettings = {
  baseCurrency: null,
  tradingDayStart: null,
  defaultRisk: null,
  instruments: {},
  commission: null,
};

/** A stored document read leniently: a field that does not parse falls back to its default. */
function scopeOf(document: string): ScopeSettings {
  const raw: unknown = JSON.parse(document);
  const out: Record<string, unknown> = { ...DEFAULTS };
  for (const key of Object.keys(DEFAULTS) as (keyof ScopeSettings)[]) {
    const field = scopeSettingsSchema.shape[key].safeParse((raw as Record<string, unknown>)?.[key]);
    if (field.success) out[key] = field.data;
  }
  return out as ScopeSettings;
}

/** A user's settings (defaults where nothing is stored). */
export async function readSettings(repos: Repositories, userId: string): Promise<Settings> {
  const rows = await repos.settings.list(userId);
  const settings: Settings = { ...DEFAULTS, accounts: {} };
  for (const row of rows) {
    if (row.account === USER_SCOPE) Object.assign(settings, scopeOf(row.document));
    else settings.accounts[row.account] = scopeOf(row.document);
  }
  return settings;
}

/** The trading days of a user, midnight in `tz` by default. */
export async function tradingDaysFor(repos: Repositories, userId: string, tz: string): Promise<TradingDays> {
  return tradingDaysOf(tz, await readSettings(repos, userId));
}
