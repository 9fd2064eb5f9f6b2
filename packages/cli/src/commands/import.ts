import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Command } from 'commander';
import type { ImportFormatInfo, ImportReport } from '@tj/core';
import { action, type Opts } from '../command-kit.js';
import type { Context, Io } from '../context.js';
import { CliError, fileError, UsageError } from '../errors.js';
import { collectPointValue, type SourceZone, sourceZone } from '../import/import-options.js';
import { mappedImports } from '../import/mapping.js';
import { countLineBreaks, Progress } from '../import/progress.js';
import { detectedLine, printFormats, printGroups, printWarnings, summaryLine } from '../import/report-view.js';
import { defaultSkippedPath, SkippedReport } from '../import/skipped-report.js';
import { plural } from '../output/format.js';

const READ_CHUNK = 256 * 1024;

async function checkedSize(path: string): Promise<number> {
  const s = await stat(path).catch((e: unknown) => Promise.reject(fileError(e, path)));
  if (!s.isFile()) throw new CliError(`${path} is not a file`);
  return s.size;
}

/** The file as core reads it: re-opened from the start on each call (for its head, then whole). */
function fileSource(path: string) {
  return {
    name: basename(path),
    open: () => createReadStream(path, { highWaterMark: READ_CHUNK }) as AsyncIterable<Uint8Array>,
  };
}

/** Feeds the bar from the pieces of the file as they are read or sent: bytes, and rows by line breaks. */
function progressOf(bar: Progress): (chunk: Uint8Array) => void {
  let bytes = 0;
  let rows = 0;
  return (chunk) => {
    bytes += chunk.length;
    rows += countLineBreaks(chunk);
    bar.update(bytes, rows);
  };
}

/** `tj import --list-formats`: every format core knows, with what it reads and a sample header. */
async function listFormats(ctx: Context): Promise<void> {
  const { formatInfo, formatRegistry } = await import('@tj/core');
  const formats = formatRegistry().list().map(formatInfo);
  ctx.out.result({ formats }, (r) => printFormats(ctx.out, r.formats));
}

/** The unrecognised-file message: the file, the closest format and what it lacks, and the ways out. */
function unrecognised(file: string, closest: ImportFormatInfo | null, missing: string[], reason: string): CliError {
  const near =
    closest === null
      ? ''
      : `; the closest is ${closest.name} (${closest.label})${missing.length > 0 ? `, which needs the columns ${missing.join(', ')}` : ''}`;
  return new CliError(
    `${file}: not a format tj knows (${reason})${near}; see tj import --list-formats, force one with --format NAME, or map the columns with --map`,
  );
}

/** `tj import FILE`: any format core knows, detected or forced, in one transaction. */
export async function importFile(ctx: Context, opts: Opts, [path]: string[]): Promise<void> {
  if (opts.listFormats === true) return listFormats(ctx);
  if (path === undefined) throw new UsageError('tj import needs a FILE to import (or --list-formats)');
  const zone = sourceZone(opts.sourceTz, ctx.options.tz, ctx.env, ctx.tz);
  const size = await checkedSize(path);
  const bar = (verb: string) =>
    new Progress(ctx.io.stderr, `${verb} ${basename(path)}`, size, ctx.io.stderr.isTTY === true && opts.progress !== false);
  if (ctx.mode === 'remote') return importRemotely(ctx, opts, path, zone, bar('Uploading'));
  const session = await ctx.local();
  const user = await ctx.localUser();
  const { core } = session;
  const { importHistory, quoteCsvCell } = await import('@tj/core');
  const progress = bar('Importing');
  const source = fileSource(path);

  const mapped = opts.map === undefined ? undefined : await mappedImports(opts.map, opts.datePattern, session.core.deps);
  const service = mapped?.service ?? core.imports;
  const history = mapped === undefined ? core.imports : importHistory(session.core.deps, mapped.service.run);
  let format: ImportFormatInfo;
  if (mapped !== undefined) {
    format = mapped.format;
  } else if (opts.format !== undefined) {
    const named = service.formats().find((f) => f.name === opts.format);
    if (named === undefined) {
      throw new UsageError(`--format: unknown format "${opts.format}"; tj import --list-formats lists them`);
    }
    format = named;
  } else {
    const found = service.detect(await service.readHead(source));
    if (!found.ok) throw unrecognised(basename(path), found.closest, found.missing, found.reason);
    format = found.format;
  }

  const dryRun = opts.dryRun === true;
  const skipInvalid = opts.skipInvalid === true;
  const skipped = new SkippedReport(opts.skippedReport ?? defaultSkippedPath(path), quoteCsvCell);
  const skippedInDryRun: string[] = [];
  let report: ImportReport;
  try {
    const onChunk = progressOf(progress);
    const watched = {
      name: source.name,
      open: async function* (): AsyncGenerator<Uint8Array> {
        for await (const chunk of source.open()) {
          onChunk(chunk);
          yield chunk;
        }
      },
    };
    report = await history.create(user.id, watched, {
      format: format.name,
      sourceTz: zone.tz,
      dryRun,
      skipInvalid,
      ...(opts.pointValue !== undefined && { pointValues: opts.pointValue as Record<string, number> }),
      ...(skipInvalid && {
        onSkipped: (row) => {
          if (dryRun) skippedInDryRun.push(`skipped line ${row.line}: ${row.message}`);
          else skipped.add(row);
        },
      }),
    });
  } catch (e) {
    progress.clear();
    skipped.close();
    const message = messageOf(e, e instanceof Error ? e.message : String(e));
    const named = message.startsWith(source.name) ? message : `${source.name}: ${message}`;
    throw new CliError(`${named} (nothing was imported)`);
  }
  progress.clear();
  skipped.close();
  render(ctx, report, format, zone, mapped !== undefined ? '--map' : opts.format !== undefined ? '--format' : undefined);
  if (dryRun) for (const line of skippedInDryRun.slice(0, 20)) ctx.out.note(line);
  if (skippedInDryRun.length > 20) ctx.out.note(`… and ${plural(skippedInDryRun.length - 20, 'more skipped row')}`);
  if (skipped.count > 0) {
    ctx.out.note(`Skipped ${plural(skipped.count, 'invalid row')}: see ${skipped.path}`);
  }
}

/**
 * `tj import FILE` when logged in to a server: the file is streamed to `POST /api/imports` (the
 * server detects its format) with a progress bar on the upload, and recorded there.
 */
async function importRemotely(ctx: Context, opts: Opts, path: string, zone: SourceZone, progress: Progress): Promise<void> {
  if (opts.map !== undefined) throw new UsageError('--map reads a file on a local database only (pass --db <path>)');
  const { formatInfo, formatRegistry } = await import('@tj/core');
  const backend = await ctx.backend();
  let record: ImportReport;
  try {
    record = await backend.imports.create(
      path,
      {
        sourceTz: zone.tz,
        ...(opts.format !== undefined && { format: opts.format as string }),
        ...(opts.dryRun === true && { dryRun: true }),
        ...(opts.skipInvalid === true && { skipInvalid: true }),
        ...(opts.pointValue !== undefined && { pointValues: opts.pointValue as Record<string, number> }),
      },
      progressOf(progress),
    );
  } finally {
    progress.clear();
  }
  const known = formatRegistry().list().map(formatInfo);
  const format = known.find((f) => f.name === record.format.name) ?? { ...(known[0] as ImportFormatInfo), ...record.format };
  render(ctx, record, format, zone, opts.format !== undefined ? '--format' : undefined);
  if (record.counts.invalid > 0) {
    ctx.out.note(`Skipped ${plural(record.counts.invalid, 'invalid row')} (a local import writes them to a report file)`);
  }
}

/** A core error in words: validation errors name file, line, column and the raw value. */
function messageOf(e: unknown, fallback: string): string {
  const err = e as { code?: unknown; errors?: Array<{ path: string; message: string }> };
  if (err.code === 'validation_failed' && Array.isArray(err.errors) && err.errors.length > 0) {
    return err.errors.map((f) => (f.path === '' ? f.message : `${f.path}: ${f.message}`)).join('; ');
  }
  return fallback;
}

function render(ctx: Context, report: ImportReport, format: ImportFormatInfo, zone: SourceZone, forced?: string): void {
  const { out } = ctx;
  printWarnings(out, report);
  out.result(report, (r) => {
    out.line(out.c.dim(detectedLine(r, format, zone, forced)));
    printGroups(out, r);
    out.line(out.c.green(summaryLine(r)));
  });
}

/** Registers `tj import`. */
export function registerImport(program: Command, io: Io): void {
  const cmd = program
    .command('import [file]')
    .description('import a broker export, a fills CSV or a trades CSV (the format is detected) in one transaction')
    .option('--format <name>', 'read the file as this format (see --list-formats); detected when absent')
    .option('--list-formats', 'list the formats tj reads: what each reads, the export to choose, a sample header')
    .option('--source-tz <zone>', 'IANA zone of times written without one (default: --tz, else the system zone)')
    .option('--dry-run', 'show per account and instrument what would be created; write nothing')
    .option('--skip-invalid', 'import the good rows; write the invalid ones to FILE.skipped.csv (or --skipped-report)')
    .option('--skipped-report <path>', 'where --skip-invalid writes the rows it skipped')
    .option(
      '--map <mapping>',
      'read a CSV no format knows: a mapping file (map.json) or time=Col,symbol=Col,side=Col,quantity=Col,price=Col,…',
    )
    .option('--date-pattern <pattern>', 'with --map: how the time column is written (M/d/yyyy h:mm:ss a, dd.MM.yyyy HH:mm, …)')
    .option('--point-value <root=value>', 'point value of a futures root, repeatable (--point-value ZN=1000)', collectPointValue)
    .option('--no-progress', 'no progress bar (it is shown only when stderr is a terminal)')
    .action(action(io, importFile));
  cmd.addHelpText(
    'after',
    `
The format is told from the file's first lines (tj import --list-formats lists them all, and
docs/cli.md has the table of brokers and the export to choose). Our own files are formats too:
  trades CSV  one row per trade, the columns tj export trades --format csv writes
  fills CSV   one row per execution: datetime (with Z or an offset), symbol, side, quantity,
              price; optional commission, fees, exec_id, account, multiplier, tags, note
Columns a broker format does not use are ignored (our own CSVs name an unknown column, a
typo guard). Times written without a zone are read in --source-tz (else --tz,
else the system zone); the summary says which zone it used. Re-importing a file, or an export
that overlaps an earlier one, adds nothing twice. A bad row writes nothing and names its file,
line, column and value, unless --skip-invalid.

Examples:
  $ tj import --list-formats
  $ tj import Fills.csv --dry-run
  $ tj import Performance.csv --source-tz America/Chicago
  $ tj import statement.csv --format ibkr-activity --point-value ZN=1000
  $ tj import export.csv --skip-invalid --skipped-report bad-rows.csv
  $ tj import blotter.csv --map 'time=Exec Time,symbol=Symbol,side=Side,quantity=Qty,price=Price' --date-pattern 'M/d/yyyy H:mm:ss'
  $ tj import blotter.csv --map my-broker.json
  $ tj --db ./journal.db --user ann@example.com import fills.csv --json`,
  );
}
