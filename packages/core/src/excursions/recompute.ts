import type { Excursion, Settings } from '@tj/schemas';
import type { TimeframeSeconds } from '../bars/types.js';
import { readSettings } from '../settings/read.js';
import type { BarRangeRow, Repositories } from '../storage/ports.js';
import type { ExcursionWrite, ExecutionRow, TradeRow } from '../storage/rows.js';
import { defaultRiskMicros, rMultipleOfRisk } from '../trades/default-risk.js';
import { rMultipleOf } from '../trades/derive.js';
import { computeExcursion, excursionWithout } from './compute.js';
import { chooseSeries } from './coverage.js';
import { fillsOf } from './position.js';

/** Trades computed per batch: their executions are one read, their excursions one write. */
const BATCH = 500;

/** One recompute's reads kept for its length: the user's settings and each series' stretches (bars do not change under it). */
export interface ExcursionRun {
  tx: Repositories;
  userId: string;
  settings?: Settings;
  ranges: Map<string, Promise<readonly BarRangeRow[]>>;
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

/** The excursion of one trade (docs/analytics.md, "Excursions") as stored with it. */
export async function excursionOf(
  run: ExcursionRun,
  t: TradeRow,
  executions: readonly ExecutionRow[],
): Promise<Omit<ExcursionWrite, 'id'>> {
  const bare = (excursion: Excursion) => ({
    excursion,
    maeMicros: null,
    mfeMicros: null,
    maeR: null,
    mfeR: null,
    etdMicros: null,
  });
  if (t.exitPrice === null || t.exitTime === null) return bare(excursionWithout('open'));
  const { tx, userId } = run;
  const rangesOf = (key: string, tf: TimeframeSeconds) => {
    const k = `${key}\u0000${tf}`;
    let found = run.ranges.get(k);
    if (found === undefined) {
      found = tx.bars.ranges(userId, key, tf, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
      run.ranges.set(k, found);
    }
    return found;
  };
  const choice = await chooseSeries(t, t.entryTime, t.exitTime, rangesOf);
  if ('reason' in choice) return bare(excursionWithout(choice.reason));
  const tfMs = choice.timeframe * 1000;
  const bars = await tx.bars.range(
    userId,
    choice.instrumentKey,
    choice.timeframe,
    t.entryTime - tfMs + 1,
    Math.max(t.exitTime, t.entryTime + 1),
  );
  const trade = {
    direction: t.direction,
    entryPrice: t.entryPrice,
    exitPrice: t.exitPrice,
    multiplier: t.multiplier,
    fills: fillsOf(t, executions),
  };
  return computeExcursion(trade, { ...choice, bars }, await riskOf(run, t));
}

/**
 * Computes and stores the excursions of these trades (open ones get reason `open`), writing only
 * those that changed (which bumps the user's data version). Answers each trade's excursion by id.
 */
export async function updateExcursions(run: ExcursionRun, trades: readonly TradeRow[]): Promise<Map<string, Excursion>> {
  const out = new Map<string, Excursion>();
  for (let i = 0; i < trades.length; i += BATCH) {
    const batch = trades.slice(i, i + BATCH);
    const imported = batch.filter((t) => t.exitTime !== null).map((t) => t.id);
    const executions = new Map<string, ExecutionRow[]>();
    for (const e of imported.length === 0 ? [] : await run.tx.excursions.executions(run.userId, imported)) {
      const list = executions.get(e.tradeId) ?? [];
      list.push(e);
      executions.set(e.tradeId, list);
    }
    const changed: ExcursionWrite[] = [];
    for (const t of batch) {
      const computed = await excursionOf(run, t, executions.get(t.id) ?? []);
      out.set(t.id, computed.excursion);
      if (JSON.stringify(computed.excursion) !== JSON.stringify(t.excursion)) changed.push({ id: t.id, ...computed });
    }
    await run.tx.trades.setExcursions(run.userId, changed);
  }
  return out;
}
