import type { AlertCreate, AlertUpdate } from '@tj/schemas';
import { validationError } from '../shared/errors.js';
import type { AlertRow } from '../storage/rows.js';

/** The prop-firm options of a rule row (docs/analytics.md, "Prop-firm rules"). */
export type RuleOptions = Pick<AlertRow, 'startingBalance' | 'trailing' | 'stopTrailingAtStart' | 'countOpen'>;

/** Which type each option belongs to. */
const OWNER = {
  startingBalance: 'trailingDrawdown',
  trailing: 'trailingDrawdown',
  stopTrailingAtStart: 'trailingDrawdown',
  countOpen: 'dailyLossLimit',
} as const;

/**
 * The options of a rule of `type` after `input` (a create body, or a patch over `current`):
 * an option of another type, or a trailingDrawdown without a starting balance or drawdown
 * amount, is a validation error naming the field (nothing is written).
 */
export function ruleOptions(
  type: AlertRow['type'],
  threshold: number,
  input: AlertCreate | AlertUpdate,
  current?: RuleOptions,
): RuleOptions {
  const errors: Array<{ path: string; message: string }> = [];
  for (const [field, owner] of Object.entries(OWNER)) {
    if (input[field as keyof typeof OWNER] !== undefined && owner !== type)
      errors.push({ path: field, message: `only ${owner} rules take this option` });
  }
  const trailing = type === 'trailingDrawdown';
  const options: RuleOptions = {
    startingBalance: trailing ? (input.startingBalance ?? current?.startingBalance ?? null) : null,
    trailing: trailing ? (input.trailing ?? current?.trailing ?? 'intraday') : null,
    stopTrailingAtStart: trailing && (input.stopTrailingAtStart ?? current?.stopTrailingAtStart ?? false),
    countOpen: type === 'dailyLossLimit' && (input.countOpen ?? current?.countOpen ?? false),
  };
  if (trailing && options.startingBalance === null)
    errors.push({ path: 'startingBalance', message: 'a trailingDrawdown rule needs its starting balance' });
  if (trailing && !(threshold > 0))
    errors.push({ path: 'threshold', message: 'a trailingDrawdown rule needs its drawdown amount (more than 0)' });
  if (errors.length > 0) throw validationError(errors);
  return options;
}
