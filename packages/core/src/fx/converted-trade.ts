import type { ConvertedMoney } from '@tj/schemas';
import { fromMicros, toMicros } from '../shared/money.js';
import type { TradeListRow } from '../storage/rows.js';
import type { FxConverter } from './converter.js';
import { utcDay } from './rate-book.js';
import { convertMicros, type Ratio, rateText } from './ratio.js';

const ONE: Ratio = { num: 1n, den: 1n };

/**
 * A trade's money in the converter's currency with the rate used: its result and fees at the
 * rate of its exit's day (of its entry's while open), its partial exits each at their own day's.
 * A day without a rate gives null figures and a null rate, never a guess.
 */
export function convertedTrade(converter: FxConverter, currency: string, t: TradeListRow): ConvertedMoney {
  const priced = { account: t.account, currency: t.currency, fxRate: t.fxRate, fxBase: t.fxBase };
  const at = t.exitTime ?? t.entryTime;
  const rate = converter.rateOf(priced, at);
  const partials = t.partialExits.map((p) => converter.rateOf(priced, p.time));
  const none = { currency, rate: null, rateDate: null, source: null, result: null, realizedPnL: null, fees: null };
  if (rate === undefined || partials.some((r) => r === undefined)) return none;
  const ratio = rate === null ? ONE : rate.ratio;
  const realized = t.partialExits.reduce((sum, p, i) => sum + convertMicros(p.pnlMicros, partials[i]?.ratio ?? ONE), 0);
  const result = t.resultMicros === null ? null : convertMicros(t.resultMicros, ratio);
  return {
    currency,
    rate: rateText(ratio),
    rateDate: rate === null ? utcDay(at) : rate.day,
    source: rate === null ? 'same' : rate.source,
    result: result === null ? null : fromMicros(result),
    realizedPnL: fromMicros(t.exitTime !== null && result !== null ? result : realized),
    fees: fromMicros(convertMicros(toMicros(t.fees), ratio)),
  };
}
