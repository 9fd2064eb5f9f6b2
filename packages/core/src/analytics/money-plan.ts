import type { FxReport } from '@tj/schemas';
import { currencyOf, type CurrencyOwners, type FxConverter } from '../fx/converter.js';
import { converterInto, ownersOf } from '../fx/owners.js';
import { validationError } from '../shared/errors.js';
import type { PartialExitTrade, Repositories } from '../storage/ports.js';
import type { ClosedTradeFact } from '../summaries/fact.js';
import type { Accumulator } from './accumulator.js';

/** The money fields every analytics answer carries: its currency, and what converting into it did. */
export interface MoneyFields {
  currency: string | null;
  fx: FxReport | null;
}

/** An answer's figures without its money fields (what the accumulators compute). */
export type Figures<T> = Omit<T, keyof MoneyFields>;

/**
 * How an analytic treats currencies (docs/analytics.md, "Currencies"):
 * - `plain`: every trade is in one currency (or none is stated): figures as they always were,
 *   precomputed day summaries included;
 * - `convert`: money is converted into `currency`, trade by trade, at the rate of each booking's day;
 * - `probe`: the user's trades are in several currencies, none was asked for and no base currency
 *   is set: the selection is read as it is, and a second currency in it is a 400 naming them.
 */
export type MoneyPlan =
  | { kind: 'plain'; currency: string | null }
  | { kind: 'convert'; currency: string; converter: FxConverter }
  | { kind: 'probe'; owners: CurrencyOwners; seen: Set<string> };

/** The plan of an analytic for `userId` asked in `asked` (the `currency` parameter), from its settings and trades. */
export async function moneyPlanOf(repos: Repositories, userId: string, asked: string | undefined): Promise<MoneyPlan> {
  const { owners, all } = await ownersOf(repos, userId);
  const target = asked ?? owners.userBase ?? (all.size <= 1 ? ([...all][0] ?? null) : undefined);
  if (target === undefined) return { kind: 'probe', owners, seen: new Set() };
  if (target === null || [...all].every((c) => c === target)) return { kind: 'plain', currency: target };
  return { kind: 'convert', currency: target, converter: await converterInto(repos, userId, target, { owners, all }) };
}

/** True when the plan reads trades exactly as stored (the precomputed summaries may answer). */
export const isPlain = (plan: MoneyPlan): boolean => plan.kind === 'plain';

/** The partial exits of a selection as the plan books them (converted, or checked for a second currency). */
export function plannedPartialExits(plan: MoneyPlan, trades: PartialExitTrade[]): PartialExitTrade[] {
  if (plan.kind === 'convert') return plan.converter.partialExits(trades);
  if (plan.kind === 'probe') for (const t of trades) see(plan, t);
  return trades;
}

/** `acc` fed through the plan: each closed trade converted (or left out), or checked for a second currency. */
export function plannedAccumulator<T>(plan: MoneyPlan, acc: Accumulator<T>): Accumulator<T> {
  if (plan.kind === 'plain') return acc;
  const wrapped: Accumulator<T> = {
    add(fact, realizedMicros) {
      if (plan.kind === 'probe') {
        see(plan, fact);
        acc.add(fact, realizedMicros);
        return;
      }
      const converted = plan.converter.fact(fact);
      if (converted !== undefined) acc.add(converted, realizedMicros);
    },
    result: () => acc.result(),
  };
  if (acc.book !== undefined) wrapped.book = (b) => acc.book?.(b);
  return wrapped;
}

/** The money fields of an answer computed under `plan`. */
export function moneyFieldsOf(plan: MoneyPlan): MoneyFields {
  if (plan.kind === 'plain') return { currency: plan.currency, fx: null };
  if (plan.kind === 'convert') return { currency: plan.currency, fx: plan.converter.report() };
  return { currency: [...plan.seen][0] ?? null, fx: null };
}

/** Notes a trade's currency; a second one is the 400 of an analytic over mixed currencies. */
function see(plan: Extract<MoneyPlan, { kind: 'probe' }>, trade: Pick<ClosedTradeFact, 'account' | 'currency'>): void {
  const c = currencyOf(trade, plan.owners);
  if (c === null || plan.seen.has(c)) return;
  plan.seen.add(c);
  if (plan.seen.size < 2) return;
  const list = [...plan.seen].sort();
  throw validationError([
    {
      path: 'currency',
      message: `the selected trades are in ${list.join(' and ')}: name the one currency to report them in (currency=${list[0]}; tj --currency ${list[0]}), or set your base currency (tj settings set --base-currency ${list[0]})`,
    },
  ]);
}
