import { basename } from 'node:path';
import type { Command } from 'commander';
import type { ImportFormatInfo, ImportRecord, ImportReport } from '@tj/core';
import { action, type Opts } from '../command-kit.js';
import { completeOption } from '../completion/spec.js';
import type { TjClient } from '@tj/client';
import type { Context, Io } from '../context.js';
import { CliError, UsageError } from '../errors.js';
import { collectRepeated, type SourceZone, sourceZone } from '../import/import-options.js';
import { type ImportRequest, importOne } from '../import/import-one.js';
import { mappingText, readMapping } from '../import/mapping.js';
import { detectedLine, printFormats, printGroups, printWarnings, summaryLine, totalLine } from '../import/report-view.js';
import { noteImportAlerts } from './fired-alerts.js';
import { defaultSkippedPath, writeSkippedReport } from '../import/skipped-report.js';
import { plural } from '../output/format.js';

/**
 * The formats the API reads (`GET /api/imports/formats`): the server's after `tj login`, formats it
 * added included, else the local app's. A local journal not created yet (`tj init`) has no app to
 * ask: its list is core's built-in one, which is what the local app would answer.
 */
export async function knownFormats(ctx: Context): Promise<ImportFormatInfo[]> {
  let client: TjClient;
  try {
    client = await ctx.client();
  } catch (e) {
    if (ctx.mode !== 'local' || !(e instanceof CliError)) throw e;
    const { formatInfo, formatRegistry } = await import('@tj/core/internal');
    return formatRegistry().list().map(formatInfo);
  }
  return (await client.imports.formats()).formats;
}

/** `tj import --list-formats`: every format the API reads, with what it reads and a sample header. */
async function listFormats(ctx: Context): Promise<void> {
  const formats = await knownFormats(ctx);
  ctx.out.result({ formats }, (r) => printFormats(ctx.out, r.formats));
}

/** The import's format as `--list-formats` describes it; a mapping or saved profile reads naive times in the source zone. */
function describedFormat(record: ImportReport, formats: ImportFormatInfo[]): ImportFormatInfo {
  const known = formats.find((f) => f.name === record.format.name);
  if (known !== undefined) return known;
  const rule = 'naive: read in --source-tz';
  return {
    ...record.format,
    broker: 'Mapped CSV',
    title: record.format.name,
    exportHint: '',
    reads: '',
    timeRule: rule,
    sampleHeader: '',
  };
}

/** A usage error unless `name` is a format the API reads or one of the user's saved profiles. */
async function checkFormatName(name: string, client: TjClient, formats: ImportFormatInfo[]): Promise<void> {
  if (formats.some((f) => f.name === name)) return;
  if ((await client.imports.profiles.list()).profiles.some((p) => p.name === name)) return;
  throw new UsageError(
    `--format: unknown format "${name}"; tj import --list-formats lists them (and tj imports profiles list your saved ones)`,
  );
}

/**
 * `tj import FILE…`: any format core knows (detected or forced), a `--map`ping, or a saved profile.
 * Each file is its own import, in its own transaction, streamed to `POST /api/imports` (of the
 * server after `tj login`, else of the local app in process) with a progress bar; the first file
 * refused stops the command (nothing of it written; the files before it stay imported and are
 * named). Rows `--skip-invalid` left out, which the report lists, go to a CSV file per file (a dry
 * run lists them instead). With several files a total line ends the output, and `--json` prints an
 * array of the reports (one file: the report alone).
 */
export async function importFile(ctx: Context, opts: Opts, paths: string[]): Promise<void> {
  if (opts.listFormats === true) return listFormats(ctx);
  if (paths.length === 0) throw new UsageError('tj import needs a FILE to import (or --list-formats)');
  if (opts.saveProfile !== undefined && opts.map === undefined) {
    throw new UsageError('--save-profile saves the mapping given with --map: pass --map too');
  }
  if (opts.map !== undefined && opts.format !== undefined) throw new UsageError('--map and --format: give one of them');
  if (paths.length > 1 && opts.skippedReport !== undefined) {
    throw new UsageError('--skipped-report names one file: with several files each gets FILE.skipped.csv');
  }
  // Point values and lot sizes go to the API as written: the server reads them (one parser).
  const pointValues = (opts.pointValue as string[] | undefined)?.join(',');
  const lotSizes = (opts.lotSize as string[] | undefined)?.join(',');
  const zone = sourceZone(opts.sourceTz, ctx.options.tz, ctx.env, ctx.tz);
  // The mapping goes to the API as written (a file's JSON, or the pairs): the server reads it.
  const mapping = opts.map === undefined ? undefined : await mappingText(opts.map as string);
  const client = await ctx.client();
  const formats = (await client.imports.formats()).formats;
  if (opts.format !== undefined) await checkFormatName(opts.format as string, client, formats);
  const dryRun = opts.dryRun === true;
  const request: ImportRequest = {
    options: {
      sourceTz: zone.tz,
      ...(opts.format !== undefined && { format: opts.format as string }),
      ...(opts.account !== undefined && { account: opts.account as string }),
      ...(mapping !== undefined && { map: mapping }),
      ...(mapping !== undefined && opts.datePattern !== undefined && { datePattern: opts.datePattern as string }),
      ...(dryRun && { dryRun }),
      ...(opts.skipInvalid === true && { skipInvalid: true }),
      ...(pointValues !== undefined && { pointValues }),
      ...(lotSizes !== undefined && { lotSizes }),
      ...(opts.locale !== undefined && { locale: opts.locale as 'us' | 'eu' }),
    },
    ...(opts.map !== undefined && { map: opts.map as string }),
    remote: ctx.mode === 'remote',
    progress: opts.progress !== false,
  };
  const forced = mapping !== undefined ? '--map' : opts.format !== undefined ? '--format' : undefined;
  const records: ImportRecord[] = [];
  const several = paths.length > 1;
  try {
    for (const path of paths) {
      const record = await importOne(
        ctx.io,
        client,
        path,
        request,
        paths.slice(0, records.length).map((p) => basename(p)),
      );
      records.push(record);
      render(ctx, record, describedFormat(record, formats), zone, { forced, several, fileName: basename(path) });
      await noteImportAlerts(ctx, record);
      await reportSkipped(ctx, record, (opts.skippedReport as string | undefined) ?? defaultSkippedPath(path));
    }
  } finally {
    // With --json the reports of the files imported come out even when a later one fails.
    if (several) ctx.out.result(records, () => {});
  }
  if (several) ctx.out.line(ctx.out.c.green(totalLine(records)));
  noteUnusedZone(ctx, records, zone);
  if (opts.map !== undefined && opts.saveProfile !== undefined) {
    const { name: _name, ...body } = await readMapping(opts.map as string, opts.datePattern as string | undefined);
    const saved = await client.imports.profiles.save(opts.saveProfile as string, body);
    ctx.out.note(
      `Saved the mapping as "${saved.name}": files with these columns are read with it from now on (tj imports profiles)`,
    );
  }
}

/** A `--source-tz` that no file needed (every time carried its zone) is said, so a wrong belief is not kept. */
function noteUnusedZone(ctx: Context, records: ImportRecord[], zone: SourceZone): void {
  if (zone.origin !== '--source-tz' || records.length === 0 || records.some((r) => r.sourceTzUsed)) return;
  const where = records.length > 1 ? 'the files' : 'the file';
  ctx.out.note(`--source-tz ${zone.tz} was not used: every time in ${where} carries its own zone or offset`);
}

/**
 * The rows `--skip-invalid` left out, as the report lists them: a dry run names the first 20 on
 * stderr; an import writes them all to a CSV file (line, message, raw) and says where.
 */
async function reportSkipped(ctx: Context, record: ImportRecord, path: string): Promise<void> {
  const { skippedRows: rows, skippedRowsNotListed: more } = record;
  if (rows.length === 0) return;
  const unlisted = (n: number) => ctx.out.note(`… and ${plural(n, 'more skipped row')}`);
  if (record.dryRun) {
    for (const row of rows.slice(0, 20)) ctx.out.note(`skipped line ${row.line}: ${row.message}`);
    if (rows.length + more > 20) unlisted(rows.length + more - 20);
    return;
  }
  const { neutralizeCsvCell } = await import('@tj/core/internal');
  writeSkippedReport(path, rows, neutralizeCsvCell);
  ctx.out.note(`Skipped ${plural(record.counts.invalid, 'invalid row')}: see ${path}`);
  if (more > 0) unlisted(more);
}

interface RenderHow {
  forced: string | undefined;
  several: boolean;
  fileName: string;
}

/** One file's report: warnings, what was read, the groups and the summary (with several files, headed by its name; JSON comes at the end). */
function render(ctx: Context, report: ImportReport, format: ImportFormatInfo, zone: SourceZone, how: RenderHow): void {
  const { out } = ctx;
  printWarnings(out, report);
  const human = (r: ImportReport) => {
    if (how.several) out.line(out.c.bold(how.fileName));
    out.line(out.c.dim(detectedLine(r, format, zone, how.forced)));
    printGroups(out, r);
    out.line(out.c.green(summaryLine(r)));
  };
  if (how.several) human(report);
  else out.result(report, human);
}

/** Registers `tj import`. */
export function registerImport(program: Command, io: Io): void {
  const cmd = program
    .command('import [files...]')
    .description('import a broker export, a fills CSV or a trades CSV (the format is detected) in one transaction')
    .option('--format <name>', 'read the file as this format (see --list-formats); detected when absent')
    .option('--list-formats', 'list the formats tj reads: what each reads, the export to choose, a sample header')
    .option('--account <name>', 'the account of a file without one: every trade of the file goes to it')
    .option('--source-tz <zone>', 'IANA zone of times written without one (default: --tz, else the system zone)')
    .option('--dry-run', 'show per account and instrument what would be created; write nothing')
    .option('--skip-invalid', 'import the good rows; write the invalid ones to FILE.skipped.csv (or --skipped-report)')
    .option('--skipped-report <path>', 'where --skip-invalid writes the rows it skipped')
    .option(
      '--map <mapping>',
      'read a CSV no format knows: a mapping file (map.json) or time=Col,symbol=Col,side=Col,quantity=Col,price=Col,…',
    )
    .option('--date-pattern <pattern>', 'with --map: how the time column is written (M/d/yyyy h:mm:ss a, dd.MM.yyyy HH:mm, …)')
    .option('--save-profile <name>', 'with --map: keep the mapping under this name; later imports detect it by its columns')
    .option('--point-value <root=value>', 'point value of a futures root, repeatable (--point-value ZN=1000)', collectRepeated)
    .option(
      '--lot-size <symbol=units>',
      'units per lot of a symbol, for exports in lots (MetaTrader), repeatable (--lot-size XAUUSD=100)',
      collectRepeated,
    )
    .option('--locale <us|eu>', 'number and date locale of exports with variants (NinjaTrader); detected when absent')
    .option('--no-progress', 'no progress bar (it is shown only when stderr is a terminal)')
    .action(action(io, importFile));
  completeOption(completeOption(cmd, '--format', 'formats'), '--source-tz', 'zones');
  cmd.addHelpText(
    'after',
    `
The format is told from the file's first lines (tj import --list-formats lists them all, and
docs/cli.md has the table of brokers and the export to choose). Our own files are formats too:
  trades CSV  one row per trade, the columns tj export trades --format csv writes
  fills CSV   one row per execution: datetime (an offset, or naive: see below), symbol, side, quantity,
              price; optional commission, fees, exec_id, account, multiplier, tags, note
Columns a broker format does not use are ignored (our own CSVs name an unknown column, a
typo guard). Times written without a zone are read in --source-tz (else --tz,
else the system zone); the summary says which zone it used. Re-importing a file, or an export
that overlaps an earlier one, adds nothing twice. A bad row writes nothing and names its file,
line, column and value, unless --skip-invalid. Several files are imported one after another,
each on its own; the first refused stops the command, the files before it stay imported.
--account names the account of a file that has none (a file whose rows name their own is refused).

Examples:
  $ tj import --list-formats
  $ tj import Fills.csv --dry-run
  $ tj import schwab.csv --account Schwab-IRA
  $ tj import 2026-01.csv 2026-02.csv 2026-03.csv   # each its own import; stops at the first refused
  $ tj import Performance.csv --source-tz America/Chicago
  $ tj import statement.csv --format ibkr-activity --point-value ZN=1000
  $ tj import export.csv --skip-invalid --skipped-report bad-rows.csv
  $ tj import blotter.csv --map 'time=Exec Time,symbol=Symbol,side=Side,quantity=Qty,price=Price' --date-pattern 'M/d/yyyy H:mm:ss'
  $ tj import blotter.csv --map my-broker.json --save-profile my-broker
  $ tj import next-blotter.csv              # read with the saved profile, detected by its columns
  $ tj --db ./journal.db --user ann@example.com import fills.csv --json`,
  );
}
