/**
 * Fees a broker took out of a trade's cash amount without listing them (SEC and TAF fees in
 * E*TRADE and Robinhood amounts, everything in TradeStation's Net Proceeds).
 */
import { fromMicros, toMicros } from '../../../shared/money.js';

const CENT = 10_000;

/**
 * The fees hidden in a net cash amount: `gross − net − listed` in whole cents (prices are often
 * rounded, so the sub-cent rest is not a fee), never below 0. Both amounts are signed cash flows
 * (a buy's are negative, a sell's positive); undefined when their signs disagree, which means the
 * amount does not belong to that execution.
 *
 * @example feesInCash(-15000, -15006.95, 6.95) // 0
 * @example feesInCash(840, 839.98, 0) // 0.02
 */
export function feesInCash(gross: number, net: number, listed = 0): number | undefined {
  if (gross !== 0 && net !== 0 && Math.sign(gross) !== Math.sign(net)) return undefined;
  const rest = toMicros(gross) - toMicros(net) - toMicros(listed);
  return fromMicros(Math.max(0, Math.round(rest / CENT) * CENT));
}
