import { MAX_POSITION_VALUE, plainNumber } from '@tj/schemas';
import { type FieldError, validationError } from '../shared/errors.js';
import type { TradeRow } from '../storage/rows.js';

/** The position values (price × size × multiplier) that must stay within bounds, and the field each one blames. */
function positionValueErrors(t: TradeRow): FieldError[] {
  const errors: FieldError[] = [];
  const size = t.positionSize * t.multiplier;
  const check = (path: string, price: number | null, what: string) => {
    if (price !== null && !(price * size <= MAX_POSITION_VALUE)) {
      errors.push({
        path,
        message: `${what} × positionSize × multiplier must not exceed ${plainNumber(MAX_POSITION_VALUE)} (the position is too large to compute)`,
      });
    }
  };
  check('positionSize', t.entryPrice, 'entryPrice');
  check('exitPrice', t.exitPrice, 'exitPrice');
  check('stopLoss', t.stopLoss, 'stopLoss');
  return errors;
}

/**
 * The cross-field rules of a trade, checked after every create and update: a stop on the
 * losing side of the entry, a target on the winning side, an exit no earlier than the entry,
 * exit price and time together, a result only on a closed trade, strike and right only on an
 * option, and position values within 1e12 so that every derived result fits its 64-bit
 * micro-unit column.
 */
export function checkTradeRules(t: TradeRow): void {
  const errors: FieldError[] = positionValueErrors(t);
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
  if (t.exitPrice === 0 && t.assetClass !== 'option') {
    errors.push({
      path: 'exitPrice',
      message: 'must be greater than 0; only an option (assetClass option) closes at 0, when it expires worthless',
    });
  }
  if (t.assetClass !== 'option') {
    const stated = t.assetClass === null ? 'without assetClass option' : `for assetClass ${t.assetClass}`;
    if (t.strike !== null)
      errors.push({ path: 'strike', message: `only options have a strike (set assetClass to option); given ${stated}` });
    if (t.right !== null)
      errors.push({ path: 'right', message: `only options have a right (set assetClass to option); given ${stated}` });
  }
  if (t.resultManual && t.exitPrice === null) {
    errors.push({ path: 'result', message: 'can only be set on a closed trade (send exitPrice)' });
  }
  if (errors.length > 0) throw validationError(errors);
}
