import type { Excursion, Settings } from '@tj/schemas';
import type { TimeframeSeconds } from '../market/bar.js';
import { readSettings } from '../settings/read.js';
import type { BarRangeRow, Repositories } from '../storage/ports.js';
import type { ExcursionWrite, ExecutionRow, TradeRow } from '../storage/rows.js';
import { defaultRiskMicros, rMultipleOfRisk } from '../trades/default-risk.js';
import { rMultipleOf } from '../trades/derive.js';
import { computeExcursion, excursionWithout } from './compute.js';
import { chooseSeries, type SeriesChoice } from './coverage.js';
import { fillsOf } from './position.js';

/** Trades computed per batch: their executions are one read, their excursions one write. */
const BATCH = 500;

/** One recompute's reads kept for its length: the user's settings and each instrument's stretches, all timeframes (bars do not change under it). */
export interface ExcursionRun {
  tx: Repositories;
  userId: string;
  settings?: Settings;
  ranges: Map<string, Promise<(BarRangeRow & { timeframe: number })[]>>;
}

/** A recompute of `userId`'s excursions inside `tx`. */
export function excursionRun(tx: Repositories, userId: string): ExcursionRun {
  return { tx, userId, ranges: new Map() };
}

/** A trade's R for a P&L in micros: from its stop like its rMultiple, else from the user's default risk; null without a risk. */
async function riskOf(run: ExcursionRun, t: TradeRow): Promise<(micros: number) => number | null> {
  if (t.stopLoss !== null) return (micros) => rMultipleOf(micros, t);
  run.settings ??= await readSettings(run.tx, run.userId);
  const risk = defaultRiskMicros(run.settings, t);
  return (micros) => rMultipleOfRisk(micros, risk);
}

/** An excursion without figures, as stored. */
const bare = (excursion: Excursion): Omit<ExcursionWrite, 'id'> => ({
  excursion,
  maeMicros: null,
  mfeMicros: null,
  maeR: null,
  mfeR: null,
  etdMicros: null,
});

/** The series a trade is measured on, or why it has no figures (`open` while open); stretches read once per run. */
function seriesOf(run: ExcursionRun, t: TradeRow): Promise<SeriesChoice | { reason: 'open' }> {
  if (t.exitPrice === null || t.exitTime === null) return Promise.resolve({ reason: 'open' });
  const rangesOf = async (key: string, tf: TimeframeSeconds) => {
    let found = run.ranges.get(key);
    if (found === undefined) {
      found = run.tx.bars.seriesRanges(run.userId, key);
      run.ranges.set(key, found);
    }
    return (await found).filter((r) => r.timeframe === tf);
  };
  return chooseSeries(t, t.entryTime, t.exitTime, rangesOf);
}

/**
 * The excursion of a trade that has no figures to compute (open, or no bars to measure it on),
 * decided before the trade is stored so its insert carries it; undefined when it has bars.
 */
export async function excursionWithoutBars(run: ExcursionRun, t: TradeRow): Promise<Excursion | undefined> {
  const choice = await seriesOf(run, t);
  return 'reason' in choice ? excursionWithout(choice.reason) : undefined;
}

/** The figures of a closed trade on its chosen series: its bars read, its fills from `executions` (or entry and exit). */
async function measure(
  run: ExcursionRun,
  t: TradeRow,
  choice: Extract<SeriesChoice, { timeframe: number }>,
  executions: readonly ExecutionRow[],
): Promise<Omit<ExcursionWrite, 'id'>> {
  const exitTime = t.exitTime as number;
  const tfMs = choice.timeframe * 1000;
  const from = t.entryTime - tfMs + 1;
  const bars = await run.tx.bars.range(
    run.userId,
    choice.instrumentKey,
    choice.timeframe,
    from,
    Math.max(exitTime, t.entryTime + 1),
  );
  const trade = {
    direction: t.direction,
    entryPrice: t.entryPrice,
    exitPrice: t.exitPrice as number,
    multiplier: t.multiplier,
    fills: fillsOf(t, executions),
  };
  return computeExcursion(trade, { ...choice, bars }, await riskOf(run, t));
}

/** The executions of the trades, by trade id (one read). */
async function executionsOf(run: ExcursionRun, ids: string[]): Promise<Map<string, ExecutionRow[]>> {
  const byTrade = new Map<string, ExecutionRow[]>();
  for (const e of ids.length === 0 ? [] : await run.tx.excursions.executions(run.userId, ids)) {
    const list = byTrade.get(e.tradeId) ?? [];
    list.push(e);
    byTrade.set(e.tradeId, list);
  }
  return byTrade;
}

/**
 * Computes and stores the excursions of these trades (docs/analytics.md, "Excursions"; open ones
 * get reason `open`), writing only those that changed. Executions are read only for the trades
 * that have bars. Answers each trade's excursion by id and how many changed. It does not bump the
 * data version: a trade write already does in its transaction; other callers bump when `changed` > 0.
 */
export async function updateExcursions(
  run: ExcursionRun,
  trades: readonly TradeRow[],
): Promise<{ byId: Map<string, Excursion>; changed: number }> {
  const out = new Map<string, Excursion>();
  let count = 0;
  for (let i = 0; i < trades.length; i += BATCH) {
    const batch = trades.slice(i, i + BATCH);
    const choices = await Promise.all(batch.map((t) => seriesOf(run, t)));
    const executions = await executionsOf(
      run,
      batch.filter((_, j) => !('reason' in (choices[j] as SeriesChoice))).map((t) => t.id),
    );
    const changed: ExcursionWrite[] = [];
    for (const [j, t] of batch.entries()) {
      const choice = choices[j] as SeriesChoice | { reason: 'open' };
      const computed =
        'reason' in choice ? bare(excursionWithout(choice.reason)) : await measure(run, t, choice, executions.get(t.id) ?? []);
      out.set(t.id, computed.excursion);
      if (JSON.stringify(computed.excursion) !== JSON.stringify(t.excursion)) changed.push({ id: t.id, ...computed });
    }
    await run.tx.trades.setExcursions(run.userId, changed);
    count += changed.length;
  }
  return { byId: out, changed: count };
}
