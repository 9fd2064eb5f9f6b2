import type { Report, Trade } from '@tj/schemas';
import { barsAroundTrade } from '../bars/around-trade.js';
import type { CoreDeps } from '../shared/deps.js';
import { fromMicros } from '../shared/money.js';
import type { TradeQuery } from '../storage/ports.js';

/** How many of the best and of the worst trades a report draws on their charts. */
export const REPORT_TRADE_CHARTS = 3;
/** Most points of the report's MAE-vs-result scatter (the latest exits). */
export const REPORT_SCATTER_POINTS = 10_000;

/** The bars around the first {@link REPORT_TRADE_CHARTS} best and worst trades (each bounded like GET /api/trades/{id}/bars). */
export async function reportTradeBars(
  deps: CoreDeps,
  userId: string,
  best: readonly Trade[],
  worst: readonly Trade[],
): Promise<Report['tradeBars']> {
  const around = barsAroundTrade(deps);
  const charted = [...best.slice(0, REPORT_TRADE_CHARTS), ...worst.slice(0, REPORT_TRADE_CHARTS)];
  const answers = [];
  for (const t of charted) answers.push({ tradeId: t.id, ...(await around(userId, t.id, {})) });
  return answers;
}

/**
 * The MAE-vs-result scatter over the query's closed trades with an excursion (the latest
 * {@link REPORT_SCATTER_POINTS}): in money, or in R when the report converts money between
 * currencies (an MAE is kept in its trade's money), then over the trades with a risk only.
 */
export async function excursionScatter(
  deps: CoreDeps,
  userId: string,
  query: TradeQuery,
  converts: boolean,
): Promise<Report['excursionScatter']> {
  const rows = await deps.storage.repos.trades.excursionPoints(userId, query, REPORT_SCATTER_POINTS + 1);
  const shown = rows.slice(0, REPORT_SCATTER_POINTS);
  const points = converts
    ? shown.flatMap((r) =>
        r.maeR === null || r.rMultiple === null
          ? []
          : [{ tradeId: r.id, instrument: r.instrument, mae: r.maeR, result: r.rMultiple }],
      )
    : shown.map((r) => ({
        tradeId: r.id,
        instrument: r.instrument,
        mae: fromMicros(r.maeMicros),
        result: fromMicros(r.resultMicros),
      }));
  return { unit: converts ? 'r' : 'money', points, truncated: rows.length > REPORT_SCATTER_POINTS };
}
