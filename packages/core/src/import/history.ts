/**
 * Imports as records: `core.imports.create` runs an import and keeps what it did (its report, file
 * and times) in the same transaction as its trades, each of which keeps the import's id; imports
 * can then be listed, shown and undone.
 */
import {
  type ImportGroup,
  type ImportList,
  importListQuerySchema,
  type ImportRecord,
  type ImportReport,
  paginationOf,
} from '@tj/schemas';
import type { CoreDeps } from '../shared/deps.js';
import { recordId } from '../shared/record-id.js';
import { CoreError } from '../shared/errors.js';
import { isoUtc } from '../shared/iso.js';
import { parseInput } from '../shared/validate.js';
import type { ImportRow } from '../storage/rows.js';
import type { ImportRunOptions, ImportSource } from './engine/run-options.js';
import type { Imports } from './service.js';

/** Options of `imports.create`: those of `run`, and the file's name when the source has none. */
export type ImportCreateOptions = Omit<ImportRunOptions, 'importId' | 'beforeCommit'> & { fileName?: string };

/** Most trade ids a 409 of `undo` names. */
const NAMED_TRADES = 20;

/**
 * The report as a record keeps it (records kept before skipped rows were listed lack them, and
 * those kept before groups counted their open trades lack `open`).
 */
type Stored = Pick<ImportReport, 'format' | 'sourceTz' | 'warnings'> & {
  counts: Omit<ImportReport['counts'], 'scheduledFees'> & { scheduledFees?: number };
} & Partial<Pick<ImportReport, 'skippedRows' | 'skippedRowsNotListed' | 'sourceTzUsed'>> & {
    groups: Array<Omit<ImportGroup, 'open' | 'openRealizedPnL'> & Partial<Pick<ImportGroup, 'open' | 'openRealizedPnL'>>>;
  };

function recordOf(row: ImportRow, tradeIds: string[]): ImportRecord {
  const report = JSON.parse(row.report) as Stored;
  return {
    id: row.id,
    ...report,
    groups: report.groups.map((g) => ({ ...g, open: g.open ?? 0, openRealizedPnL: g.openRealizedPnL ?? 0 })),
    skippedRows: report.skippedRows ?? [],
    skippedRowsNotListed: report.skippedRowsNotListed ?? 0,
    // Records kept before the report said whether the zone was used: it was read with it.
    sourceTzUsed: report.sourceTzUsed ?? true,
    // Records kept before commission schedules (issue 27) had none.
    counts: { ...report.counts, scheduledFees: report.counts.scheduledFees ?? 0 },
    dryRun: false,
    tradeIds,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    startedAt: isoUtc(row.startedAt),
    finishedAt: isoUtc(row.finishedAt),
    undoneAt: row.undoneAt === null ? null : isoUtc(row.undoneAt),
  };
}

/** A source that counts the bytes its fullest reading took. */
function counting(source: ImportSource): { source: ImportSource; bytes: () => number } {
  let most = 0;
  return {
    bytes: () => most,
    source: {
      ...source,
      open: async function* () {
        let n = 0;
        for await (const chunk of source.open()) {
          n += chunk.length;
          if (n > most) most = n;
          yield chunk;
        }
      },
    },
  };
}

/** The import history bound to core's dependencies and its import runner. */
export function importHistory(deps: CoreDeps, run: Imports['run']) {
  const notFound = () => new CoreError('not_found', 'import not found');
  return {
    /**
     * Runs an import (see `run`) and records it: 201-style record with the ids of the trades it
     * created. A dry run writes nothing and answers the same shape with an id that is not stored.
     *
     * @example const record = await core.imports.create(userId, { name: 'fills.csv', open: () => createReadStream(p) }, { sourceTz: 'UTC' });
     */
    async create(userId: string, source: ImportSource, options: ImportCreateOptions): Promise<ImportRecord> {
      const id = deps.ids.next();
      const startedAt = deps.clock.now();
      const fileName = source.name ?? options.fileName ?? null;
      const counted = counting(source);
      let row: ImportRow | undefined;
      const report = await run(userId, counted.source, {
        ...options,
        importId: id,
        beforeCommit: async (tx, r) => {
          const { format, sourceTz, sourceTzUsed, counts, warnings, skippedRows, skippedRowsNotListed, groups } = r;
          row = {
            userId,
            id,
            formatName: format.name,
            formatLabel: format.label,
            fileName,
            sizeBytes: counted.bytes(),
            sourceTz,
            report: JSON.stringify({
              format,
              sourceTz,
              sourceTzUsed,
              counts,
              warnings,
              skippedRows,
              skippedRowsNotListed,
              groups,
            } satisfies Stored),
            tradesCreated: counts.tradesCreated,
            startedAt,
            finishedAt: deps.clock.now(),
            undoneAt: null,
          };
          await tx.imports.insert(row);
          const {
            tradeIds: _ids,
            warnings: _w,
            skippedRows: _s,
            skippedRowsNotListed: _n,
            groups: _g,
            ...summary
          } = recordOf(row, []);
          return summary;
        },
      });
      if (row === undefined) {
        const finishedAt = deps.clock.now();
        return {
          id,
          ...report,
          fileName,
          sizeBytes: counted.bytes(),
          startedAt: isoUtc(startedAt),
          finishedAt: isoUtc(finishedAt),
          undoneAt: null,
        };
      }
      return recordOf(row, report.tradeIds);
    },

    /** A page of the user's imports, newest first (without the ids of their trades). */
    async list(userId: string, input: unknown = {}): Promise<ImportList> {
      const q = parseInput(importListQuerySchema, input);
      const page = await deps.storage.repos.imports.list(userId, q);
      return {
        imports: page.rows.map((row) => {
          const { tradeIds: _ids, skippedRows: _s, skippedRowsNotListed: _n, ...item } = recordOf(row, []);
          return item;
        }),
        pagination: paginationOf(q.page, q.limit, page.total),
      };
    },

    /** One import with the ids of the trades it created that still exist. */
    async get(userId: string, id: string): Promise<ImportRecord> {
      const full = await recordId(deps.storage.repos.ids, 'imports', userId, id, 'import');
      const row = full === undefined ? undefined : await deps.storage.repos.imports.get(userId, full);
      if (!row) throw notFound();
      return recordOf(row, await deps.storage.repos.trades.idsByImport(userId, row.id));
    },

    /**
     * Undoes an import: removes the trades it created and the corporate actions it read, in one
     * transaction. Refused (409, naming them) when any trade was edited since the import, unless
     * `force`; refused when already undone. Trades of earlier imports that this one closed (or
     * adjusted by a corporate action) stay as they are.
     */
    async undo(userId: string, id: string, options: { force?: boolean } = {}): Promise<ImportRecord> {
      return deps.storage.transaction(async (tx) => {
        const full = await recordId(tx.ids, 'imports', userId, id, 'import');
        const row = full === undefined ? undefined : await tx.imports.get(userId, full);
        if (!row) throw notFound();
        if (row.undoneAt !== null)
          throw new CoreError('conflict', `import ${row.id} was already undone at ${isoUtc(row.undoneAt)}`);
        const trades = await tx.trades.byImport(userId, row.id);
        const edited = trades.filter((t) => t.updatedAt > row.finishedAt);
        if (edited.length > 0 && !options.force) {
          const named = edited.slice(0, NAMED_TRADES).map((t) => t.id);
          const more = edited.length > named.length ? ` and ${edited.length - named.length} more` : '';
          throw new CoreError(
            'conflict',
            `${edited.length} trade(s) of this import were edited since it ran: ${named.join(', ')}${more}; undo with force=true to remove them anyway`,
          );
        }
        await tx.executions.deleteForImport(userId, row.id);
        await tx.trades.deleteByImport(userId, row.id);
        await tx.corporateActions.deleteByImport(userId, row.id);
        const at = deps.clock.now();
        await tx.imports.markUndone(userId, row.id, at);
        return recordOf({ ...row, undoneAt: at }, []);
      });
    },
  };
}
