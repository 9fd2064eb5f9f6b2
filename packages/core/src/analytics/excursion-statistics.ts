import type { ExcursionStatistics } from '@tj/schemas';
import { divRound } from '../shared/decimal.js';
import { fromMicros, round8 } from '../shared/money.js';
import type { Repositories, TradeQuery } from '../storage/ports.js';
import { meanR } from '../summaries/exact-r.js';

/**
 * The statistics' excursion block over the query's closed trades (docs/analytics.md,
 * "Excursions"): averages of MAE/MFE in money and R, stop placement at `maeR` and money left on
 * the table; null when no trade has figures. Money figures are null when `converted` (a reporting
 * currency other than the trades': excursion money is not converted yet).
 */
export async function excursionStatistics(
  repos: Repositories,
  userId: string,
  query: TradeQuery,
  maeR: number,
  converted: boolean,
): Promise<ExcursionStatistics | null> {
  const s = await repos.excursions.sums(userId, query, maeR);
  if (s.trades === 0) return null;
  const money = (micros: number) => (converted ? null : round8(fromMicros(micros / s.trades)));
  return {
    trades: s.trades,
    averageMae: money(s.maeMicros),
    averageMfe: money(s.mfeMicros),
    tradesWithR: s.rTrades,
    averageMaeR: meanR(s.maeRScaled, s.rTrades),
    averageMfeR: meanR(s.mfeRScaled, s.rTrades),
    maeR,
    stopPlacement:
      s.winnersWithR === 0 ? null : Number(divRound(BigInt(s.winnersBeyond) * 10n ** 10n, BigInt(s.winnersWithR))) / 1e8,
    leftOnTable: converted ? null : fromMicros(s.etdMicros),
  };
}
