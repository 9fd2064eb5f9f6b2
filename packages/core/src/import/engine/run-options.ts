/** What one import run is given: the file, and the options of `imports.run`. */
import type { ImportCreateQuery, ImportReport, MappingProfile } from '@tj/schemas';
import type { Repositories } from '../../storage/ports.js';

/** A file to import: re-openable byte chunks (opened for the head, then whole; `skipInvalid` may read it again per refused row). */
export interface ImportSource {
  /** The file's name, for messages. */
  name?: string;
  /** Returns the file's bytes from the start, each time it is called. */
  open: () => AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

/** A row skipped by `skipInvalid`: where it was, why, and the raw value at fault. */
export interface SkippedRow {
  line: number;
  message: string;
  raw: string;
}

/**
 * Options of `imports.run`: those of `POST /api/imports` (`importCreateQuerySchema`, declared once
 * in @tj/schemas: format, dryRun, skipInvalid, pointValues, lotSizes, locale…) as read, with the
 * mapping given parsed (see `mappingFromText`) and the source zone required, plus what only an
 * embedding caller can pass (progress, skipped rows, the record's id, a step before commit).
 */
export type ImportRunOptions = Omit<ImportCreateQuery, 'fileName' | 'map' | 'datePattern' | 'sourceTz'> & {
  /** IANA zone that naive (wall-clock) times are read in. */
  sourceTz: string;
  /** A column mapping for a CSV no format knows (see `mappingFromText`); the file is read with it alone. */
  map?: MappingProfile;
  /** Called with the records read so far, once per batch. */
  onProgress?: (rowsRead: number) => void;
  /** Called for each row skipped by `skipInvalid`. */
  onSkipped?: (row: SkippedRow) => void;
  /** The import record's id: each trade created keeps it. */
  importId?: string;
  /** Runs in the import's transaction with its report (not on a dry run); answers the `import.completed` event's data. */
  beforeCommit?: (tx: Repositories, report: ImportReport) => Promise<Record<string, unknown>>;
};
