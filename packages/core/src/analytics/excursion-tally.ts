import { meanR, ScaledRSum } from '../summaries/exact-r.js';
import type { ClosedTradeFact } from '../summaries/fact.js';
import { fromMicros, round8 } from '../shared/money.js';

const meanMoney = (micros: number, n: number) => round8(fromMicros(micros / n));

/** Sums of the excursion figures of a group of trades: money in micros, R scaled by 1e8 (exact). */
export class ExcursionTally {
  trades = 0;
  maeMicros = 0;
  mfeMicros = 0;
  rTrades = 0;
  readonly maeR = new ScaledRSum();
  readonly mfeR = new ScaledRSum();

  /** Adds a trade's figures when it has them. */
  add(fact: ClosedTradeFact): void {
    if (fact.maeMicros == null || fact.mfeMicros == null) return;
    this.trades++;
    this.maeMicros += fact.maeMicros;
    this.mfeMicros += fact.mfeMicros;
    if (fact.maeR == null || fact.mfeR == null) return;
    this.rTrades++;
    this.maeR.add(fact.maeR);
    this.mfeR.add(fact.mfeR);
  }

  /** Mean MAE and MFE in money (rounded to 8 decimals) and in R (null without a risk); nothing without figures. */
  averages(): { averageMae?: number; averageMfe?: number; averageMaeR?: number | null; averageMfeR?: number | null } {
    if (this.trades === 0) return {};
    return {
      averageMae: meanMoney(this.maeMicros, this.trades),
      averageMfe: meanMoney(this.mfeMicros, this.trades),
      averageMaeR: meanR(this.maeR.value(), this.rTrades),
      averageMfeR: meanR(this.mfeR.value(), this.rTrades),
    };
  }
}
