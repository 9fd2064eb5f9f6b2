/**
 * R for trades without a stop: brokers do not export stops, so an imported trade gets its R
 * multiple from the risk the user set (per account and per instrument root, else a default).
 */
import type { ScopeSettings, Settings } from '@tj/schemas';
import { decimalMul, decimalOf, decimalToNumber, divRound } from '../shared/decimal.js';
import { toMicros } from '../shared/money.js';
import type { Repositories } from '../storage/ports.js';
import type { TradeRow } from '../storage/rows.js';

/** What the risk of a trade without a stop depends on. */
export type RiskSubject = Pick<TradeRow, 'account' | 'instrument' | 'underlying' | 'positionSize' | 'multiplier'>;

/** The root a trade's risk is set under: its underlying (a future's root, an option's underlying), else its instrument. */
export function instrumentRoot(t: Pick<TradeRow, 'instrument' | 'underlying'>): string {
  return (t.underlying ?? t.instrument).trim().toUpperCase();
}

function scopeRisk(scope: ScopeSettings | undefined, t: RiskSubject): number | null {
  if (!scope) return null;
  const own = scope.instruments[instrumentRoot(t)];
  if (own?.stopPoints != null) {
    const risk = decimalMul(decimalMul(decimalOf(own.stopPoints), decimalOf(t.positionSize)), decimalOf(t.multiplier));
    return toMicros(decimalToNumber(risk));
  }
  if (own?.risk != null) return toMicros(own.risk);
  return scope.defaultRisk === null ? null : toMicros(scope.defaultRisk);
}

/**
 * The money (micro-units) a trade without a stop risks, most specific setting first: its
 * account's setting for its root, its account's default, the user's setting for its root, the
 * user's default; null when none is set.
 *
 * @example defaultRiskMicros(settings, { account: null, instrument: 'ESZ6', underlying: 'ES', positionSize: 2, multiplier: 50 })
 */
export function defaultRiskMicros(settings: Settings, t: RiskSubject): number | null {
  return (t.account === null ? null : scopeRisk(settings.accounts[t.account], t)) ?? scopeRisk(settings, t);
}

/** result ÷ risk, both in micro-units, rounded to 8 decimals half away from zero; null for no or zero risk. */
export function rMultipleOfRisk(resultMicros: number, riskMicros: number | null): number | null {
  if (riskMicros === null || riskMicros <= 0) return null;
  const r = Number(divRound(BigInt(resultMicros) * 10n ** 8n, BigInt(riskMicros))) / 1e8;
  return r === 0 ? 0 : r;
}

/** A closed trade without a stop, with its R from the user's default risk (other trades are returned as they are). */
export function withDefaultRisk(row: TradeRow, settings: Settings): TradeRow {
  if (row.stopLoss !== null || row.resultMicros === null) return row;
  return { ...row, rMultiple: rMultipleOfRisk(row.resultMicros, defaultRiskMicros(settings, row)) };
}

/** Where a trade's R comes from: its stop, the default risk, or nowhere. */
export function rSourceOf(t: Pick<TradeRow, 'stopLoss' | 'rMultiple'>): 'stop' | 'default risk' | null {
  if (t.rMultiple === null) return null;
  return t.stopLoss === null ? 'default risk' : 'stop';
}

function riskPart(s: ScopeSettings): string {
  return JSON.stringify([s.defaultRisk, Object.entries(s.instruments).sort(([a], [b]) => (a < b ? -1 : 1))]);
}

/** True when a settings change moves any risk (so trades without a stop need a new R). */
export function riskChanged(before: Settings, after: Settings): boolean {
  if (riskPart(before) !== riskPart(after)) return true;
  const accounts = new Set([...Object.keys(before.accounts), ...Object.keys(after.accounts)]);
  const none: ScopeSettings = { baseCurrency: null, tradingDayStart: null, defaultRisk: null, instruments: {}, commission: null };
  for (const a of accounts) if (riskPart(before.accounts[a] ?? none) !== riskPart(after.accounts[a] ?? none)) return true;
  return false;
}

/** Gives every closed trade of the user without a stop its R under `settings`, in the caller's transaction. */
export async function recomputeDefaultRisk(tx: Repositories, userId: string, settings: Settings): Promise<void> {
  for await (const batch of tx.trades.closedWithoutStop(userId)) {
    const changes = batch
      .map((t) => ({ id: t.id, rMultiple: rMultipleOfRisk(t.resultMicros, defaultRiskMicros(settings, t)), was: t.rMultiple }))
      .filter((c) => c.rMultiple !== c.was);
    if (changes.length > 0) await tx.trades.setRMultiples(userId, changes);
  }
}
