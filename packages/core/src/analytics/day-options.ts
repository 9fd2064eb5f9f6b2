import { type TradingDays, tradingDaysOf } from '../shared/trading-day.js';

/** Options of the accumulators that place trades on days: `tz`, and the user's trading days when known. */
export interface DayOptions {
  tz: string;
  /** Default: midnight in `tz` for every trade. */
  tradingDays?: TradingDays | undefined;
}

/** The trading days an accumulator uses. */
export function daysOf(opts: DayOptions): TradingDays {
  return opts.tradingDays ?? tradingDaysOf(opts.tz);
}
