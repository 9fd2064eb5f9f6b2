/**
 * `core.bars.importFile` (docs/decisions.md, "Price bars: files"): a bars file read as it streams
 * and stored in ONE transaction. Bars already held are kept (a re-import adds nothing; overlapping
 * files merge); a held bar whose prices or volume differ from the file's is counted as a conflict.
 */
import type { BarImport, Timeframe } from '@tj/schemas';
import type { AfterBars } from '../after-write/bars.js';
import type { ImportSource } from '../import/engine/run-options.js';
import { isValidTimeZone } from '../shared/calendar.js';
import type { CoreDeps } from '../shared/deps.js';
import { validationError } from '../shared/errors.js';
import type { InputLimits } from '../shared/input-limits.js';
import type { Repositories } from '../storage/ports.js';
import type { BarFormatRegistry } from './formats/registry.js';
import { type BarReadOptions, openBarFile } from './read-file.js';
import { storeBars } from './store.js';
import { type Bar, barInstrumentKey, timeframeName } from '../market/bar.js';

/** Options of `core.bars.importFile`, the instrument the bars are of and how to read the file. */
export interface BarImportOptions extends BarReadOptions {
  instrument: string;
}

/** True when two bars of the same start differ in a price or the volume. */
function differs(a: Bar, b: Bar): boolean {
  return a.open !== b.open || a.high !== b.high || a.low !== b.low || a.close !== b.close || a.volume !== b.volume;
}

/** Held bars that differ from a batch's (read only when the batch did not all go in). */
async function conflictsIn(
  tx: Repositories,
  userId: string,
  key: string,
  timeframe: number,
  batch: readonly Bar[],
): Promise<number> {
  const first = batch[0] as Bar;
  const last = batch[batch.length - 1] as Bar;
  const held = new Map((await tx.bars.range(userId, key, timeframe, first.time, last.time + 1)).map((b) => [b.time, b]));
  let conflicts = 0;
  for (const bar of batch) {
    const other = held.get(bar.time);
    if (other !== undefined && differs(other, bar)) conflicts++;
  }
  return conflicts;
}

function checkOptions(options: BarImportOptions): string {
  const key = barInstrumentKey(options.instrument ?? '');
  if (key === '' || key.length > 64)
    throw validationError([{ path: 'instrument', message: 'give the instrument the bars are of (1 to 64 characters)' }]);
  if (options.sourceTz !== undefined && !isValidTimeZone(options.sourceTz)) {
    throw validationError([{ path: 'sourceTz', message: `"${options.sourceTz}" is not an IANA time zone` }]);
  }
  return key;
}

/**
 * Imports a bars file for `userId` in one transaction: every batch inserted as read, the last one
 * through `storeBars` with the stretch the whole file covers (first bar's start to the last bar's
 * end), so the after-bars work runs once over it. Nothing is written when a row is bad.
 */
export async function importBarFile(
  deps: CoreDeps,
  afterBars: readonly AfterBars[],
  registry: BarFormatRegistry,
  limits: InputLimits,
  userId: string,
  source: ImportSource,
  options: BarImportOptions,
): Promise<BarImport> {
  const key = checkOptions(options);
  const file = await openBarFile(source, options, registry, limits);
  const { timeframe } = file;
  return deps.storage.transaction(async (tx) => {
    let received = 0;
    let written = 0;
    let conflicts = 0;
    let from = Number.NaN;
    let pending: Bar[] | undefined;
    const insert = async (batch: Bar[]) => {
      const n = await tx.bars.insert(userId, key, timeframe, batch);
      if (n < batch.length) conflicts += await conflictsIn(tx, userId, key, timeframe, batch);
      written += n;
    };
    // One batch is written while the next is read (a server database works while we parse).
    let writing: Promise<void> = Promise.resolve();
    try {
      for await (const batch of file.batches) {
        if (batch.length === 0) continue;
        if (pending !== undefined) {
          await writing;
          writing = insert(pending);
          writing.catch(() => {}); // awaited before the next write or below; not unhandled meanwhile
        }
        if (Number.isNaN(from)) from = (batch[0] as Bar).time;
        received += batch.length;
        pending = batch;
      }
    } finally {
      await writing.catch(() => {});
    }
    await writing;
    const last = pending as Bar[];
    const to = (last[last.length - 1] as Bar).time;
    const range = { from, to: to + timeframe * 1000, source: `file:${file.format.name}` };
    const stored = await storeBars(tx, userId, { instrumentKey: key, timeframe, bars: last, range }, afterBars);
    if (stored < last.length) conflicts += await conflictsIn(tx, userId, key, timeframe, last);
    written += stored;
    return {
      format: file.format.name,
      instrument: key,
      timeframe: timeframeName(timeframe) as Timeframe,
      received,
      written,
      conflicts,
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
    };
  });
}
