/** The part of `core.bars` that takes bars files in, lists the series held and deletes them. */
import type { BarSeriesList, BarsDeleted, BarImport, Timeframe } from '@tj/schemas';
import type { AfterBars } from '../after-write/bars.js';
import type { ImportSource } from '../import/engine/run-options.js';
import type { CoreDeps } from '../shared/deps.js';
import { validationError } from '../shared/errors.js';
import { type InputLimits, inputLimits } from '../shared/input-limits.js';
import { barFormatRegistry, type BarFormatRegistry } from './formats/index.js';
import { type BarImportOptions, importBarFile } from './import-file.js';
import { barInstrumentKey, type TimeframeSeconds, timeframeName, timeframeOf } from '../market/bar.js';

/** What reading bars files takes: the formats known and the bounds of one file. */
export interface BarFileSettings {
  registry?: BarFormatRegistry;
  limits?: InputLimits;
}

/** A timeframe's API spelling as seconds; a spelling that is none is a `validation_failed` error. */
function secondsOf(name: Timeframe | string | undefined): TimeframeSeconds | undefined {
  if (name === undefined) return undefined;
  const seconds = timeframeOf(name);
  if (seconds === undefined)
    throw validationError([{ path: 'timeframe', message: `"${name}" is not a timeframe (1m, 5m, 15m, 30m, 1h, 4h, 1d)` }]);
  return seconds;
}

/** `core.bars`' file operations over core's dependencies (see `bars`). */
export function barFiles(deps: CoreDeps, afterBars: readonly AfterBars[], settings: BarFileSettings = {}) {
  const registry = settings.registry ?? barFormatRegistry();
  const limits = settings.limits ?? inputLimits();
  return {
    /**
     * Imports a bars file (generic CSV, TradingView, NinjaTrader 8, MetaTrader 5; detected unless
     * `format`) in one transaction; bars already held are kept and differing ones counted as `conflicts`.
     *
     * @example await core.bars.importFile(userId, { open: () => createReadStream('es.csv') }, { instrument: 'ES', timeframe: '1m' });
     */
    importFile: (
      userId: string,
      source: ImportSource,
      options: Omit<BarImportOptions, 'timeframe'> & { timeframe?: Timeframe | undefined },
    ): Promise<BarImport> => {
      const { timeframe, ...rest } = options;
      const seconds = secondsOf(timeframe);
      return importBarFile(deps, afterBars, registry, limits, userId, source, {
        ...rest,
        ...(seconds !== undefined && { timeframe: seconds }),
      });
    },

    /** The bars formats known: name, title and how to export each. */
    formats: () => registry.list().map(({ name, title, exportHint }) => ({ name, title, exportHint })),

    /**
     * Each series held, in the API's words (instrument, timeframe, count, first and last bar start).
     *
     * @example const { series } = await core.bars.list(userId);
     */
    async list(userId: string): Promise<BarSeriesList> {
      const rows = await deps.storage.repos.bars.series(userId);
      return {
        series: rows.map((s) => ({
          instrument: s.instrumentKey,
          timeframe: timeframeName(s.timeframe as TimeframeSeconds) as Timeframe,
          count: s.count,
          first: new Date(s.first).toISOString(),
          last: new Date(s.last).toISOString(),
        })),
      };
    },

    /**
     * Deletes an instrument's bars (one timeframe, or every one) and the stretches they covered.
     *
     * @example const { deleted } = await core.bars.delete(userId, 'ES', '1m');
     */
    async delete(userId: string, instrument: string, timeframe?: Timeframe): Promise<BarsDeleted> {
      const key = barInstrumentKey(instrument);
      const seconds = secondsOf(timeframe);
      const deleted = await deps.storage.transaction((tx) => tx.bars.delete(userId, key, seconds));
      return { deleted };
    },
  };
}
