/**
 * `core.imports`: one path that reads every file (broker exports and our own CSVs) through the
 * format registry, imports it in one transaction and reports what it did.
 */
import type { ImportFormatInfo, ImportReport } from '@tj/schemas';
import type { CoreDeps } from '../shared/deps.js';
import { validationError } from '../shared/errors.js';
import { type InputLimits, inputLimits } from '../shared/input-limits.js';
import { readFileHead } from './read/csv-records.js';
import { mappedFormat } from './formats/mapped-format.js';
import { FormatRegistry, formatInfo } from './formats/registry.js';
import type { FileHead } from './formats/types.js';
import { importProfiles } from './profiles.js';
import { runImport } from './engine/run.js';
import type { ImportRunOptions, ImportSource } from './engine/run-options.js';
import { hasCommissionSchedule } from './engine/commission-plan.js';

/** What detection found: the format, or the closest one and the columns it lacks. */
export type ImportDetection =
  | { ok: true; format: ImportFormatInfo; score: number }
  | { ok: false; reason: string; closest: ImportFormatInfo | null; missing: string[] };

/** The import service bound to core's dependencies, a format registry and the bounds of what an import reads. */
export function imports(deps: CoreDeps, registry: FormatRegistry, limits: InputLimits = inputLimits()) {
  const profiles = importProfiles(deps, registry);
  /** What one import reads with: the mapping alone, else every format plus the user's saved profiles. */
  const readerOf = async (userId: string, options: ImportRunOptions): Promise<[FormatRegistry, ImportRunOptions]> => {
    if (options.map === undefined) {
      const saved = await profiles.formats(userId);
      return [saved.length === 0 ? registry : new FormatRegistry([...registry.list(), ...saved]), options];
    }
    if (options.format !== undefined) {
      throw validationError([{ path: 'map', message: 'give a mapping or a format, not both' }]);
    }
    const format = mappedFormat(options.map);
    return [new FormatRegistry([format]), { ...options, format: format.name }];
  };
  return {
    /** Saved column mappings: each is a format of its user's imports. */
    profiles,

    /** Every format the registry knows (built-in, ours and the embedding application's), in detection order; saved profiles are listed by `profiles.list`. */
    formats: (): ImportFormatInfo[] => registry.list().map(formatInfo),

    /** Reads the head of a file (first ~64 KiB) for {@link detect}. */
    readHead: (source: ImportSource): Promise<FileHead> => readFileHead(source.open()),

    /** Which format a file's head is, or the closest format and the columns it lacks. */
    detect(head: FileHead): ImportDetection {
      const found = registry.detect(head);
      if (found.ok) return { ok: true, format: formatInfo(found.format), score: found.score };
      return {
        ok: false,
        reason: found.reason,
        closest: found.closest === undefined ? null : formatInfo(found.closest),
        missing: found.missing,
      };
    },

    /**
     * Whether an import may open its file more than twice (a stream replays only its head once):
     * the checking pass of `skipInvalid`, or the first pass a commission schedule of the user
     * takes (docs/decisions.md, "Commission schedules"). A caller streaming an upload spools it then.
     */
    async readsAgain(userId: string, options: Pick<ImportRunOptions, 'skipInvalid'>): Promise<boolean> {
      return options.skipInvalid === true || (await hasCommissionSchedule(deps, userId));
    },

    /**
     * Imports a file in one transaction (nothing is written when a row is bad, unless
     * `skipInvalid`), and reports it. Re-importing, or importing an overlapping export, adds
     * nothing twice.
     *
     * @example const report = await core.imports.run(userId, { name: 'fills.csv', open: () => createReadStream(p) }, { sourceTz: 'America/New_York' });
     */
    async run(userId: string, source: ImportSource, options: ImportRunOptions): Promise<ImportReport> {
      const [reader, checked] = await readerOf(userId, options);
      return runImport(deps, reader, userId, source, checked, limits);
    },
  };
}

/** The object `imports` returns (`core.imports`). */
export type Imports = ReturnType<typeof imports>;
