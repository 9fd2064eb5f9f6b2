import { type FieldError, validationError } from '../shared/errors.js';
import type { TradeRow } from '../storage/rows.js';

/**
 * The cross-field rules of a trade, checked after every create and update: a stop on the
 * losing side of the entry, a target on the winning side, an exit no earlier than the entry,
 * exit price and time together, and a result only on a closed trade.
 */
export function checkTradeRules(t: TradeRow): void {
  const errors: FieldError[] = [];
  const long = t.direction === 'long';
  if (t.stopLoss !== null && (long ? t.stopLoss >= t.entryPrice : t.stopLoss <= t.entryPrice)) {
    errors.push({ path: 'stopLoss', message: `must be ${long ? 'below' : 'above'} the entry price for a ${t.direction} trade` });
  }
  if (t.takeProfit !== null && (long ? t.takeProfit <= t.entryPrice : t.takeProfit >= t.entryPrice)) {
    errors.push({
      path: 'takeProfit',
      message: `must be ${long ? 'above' : 'below'} the entry price for a ${t.direction} trade`,
    });
  }
  if (t.exitTime !== null && t.exitPrice === null) {
    errors.push({ path: 'exitTime', message: 'needs an exitPrice' });
  }
  if (t.exitTime !== null && t.exitTime < t.entryTime) {
    errors.push({ path: 'exitTime', message: 'must not be before entryTime' });
  }
  if (t.resultManual && t.exitPrice === null) {
    errors.push({ path: 'result', message: 'can only be set on a closed trade (send exitPrice)' });
  }
  if (errors.length > 0) throw validationError(errors);
}
