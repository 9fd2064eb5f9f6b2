import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Command } from 'commander';
import type { ImportAction, ImportSummary, Trade } from '@tj/core';
import { action, type Opts } from '../command-kit.js';
import type { Context, Io } from '../context.js';
import { CliError, fileError } from '../errors.js';
import { Progress } from '../import/progress.js';
import { detectFormat, type ImportSource, openImportSource } from '../import/sources.js';
import { dateTime, money, num, plural } from '../output/format.js';

/** One line of a dry-run listing. */
function describeTrade(ctx: Context, verb: ImportAction, t: Trade): string {
  const exit = t.exitPrice === null ? 'open' : `→ ${num(t.exitPrice)} ${dateTime(t.exitTime, ctx.tz)}  result ${money(t.result)}`;
  return `${verb.padEnd(6)} ${t.instrument.padEnd(8)} ${t.direction.padEnd(5)} ${num(t.positionSize)} @ ${num(t.entryPrice)} ${dateTime(t.entryTime, ctx.tz)} ${exit}`;
}

async function checkedSize(path: string): Promise<number> {
  const s = await stat(path).catch((e: unknown) => Promise.reject(fileError(e, path)));
  if (!s.isFile()) throw new CliError(`${path} is not a file`);
  return s.size;
}

function summaryLine(s: ImportSummary): string {
  const skipped = s.skipped > 0 ? `; ${num(s.skipped)} already imported (skipped)` : '';
  if (s.dryRun)
    return `Dry run: would create ${plural(s.created, 'trade')} and close ${num(s.closed)}${skipped}. Nothing was written.`;
  return `Imported: ${plural(s.created, 'trade')} created, ${num(s.closed)} closed${skipped}.`;
}

/** `tj import <file>`: a trades CSV or a fills CSV (told apart by the header), in one transaction. */
export async function importFile(ctx: Context, opts: Opts, [path]: string[]): Promise<void> {
  const file = path as string;
  if (ctx.mode === 'remote') {
    throw new CliError(
      'tj import writes to a local database in one transaction; pass --db <path> to import locally (you are logged in to a server)',
    );
  }
  const size = await checkedSize(file);
  const { format, names } = await detectFormat(file).catch((e: unknown) =>
    Promise.reject(new CliError(`${basename(file)}: ${e instanceof Error ? e.message : String(e)} (nothing was imported)`)),
  );
  if (format === undefined) {
    throw new CliError(
      `cannot tell the format of ${file} from its header (${names.slice(0, 6).join(', ') || 'empty'}): a trades CSV has instrument and direction columns, a fills CSV symbol and side (see tj import --help)`,
    );
  }
  const session = await ctx.local();
  const user = await ctx.localUser();
  const progress = new Progress(
    ctx.io.stderr,
    `Importing ${basename(file)}`,
    size,
    ctx.io.stderr.isTTY === true && opts.progress !== false,
  );
  const { out } = ctx;
  const dryRun = opts.dryRun === true;
  let listed = 0;
  const onItem = (verb: ImportAction, trade: Trade) => {
    if (verb === 'skip') return;
    if (out.json) {
      out.stdout.write(`${listed === 0 ? '' : ',\n'}    ${JSON.stringify({ action: verb, trade })}`);
    } else {
      progress.clear();
      out.line(describeTrade(ctx, verb, trade));
    }
    listed++;
  };
  let source: ImportSource;
  let summary: ImportSummary;
  const jsonListing = dryRun && out.json;
  let started = false;
  try {
    source = await openImportSource(file, format, progress);
    if (jsonListing) out.stdout.write('{\n  "items": [\n');
    started = jsonListing;
    summary = await session.core.importTrades(user.id, source.items, dryRun ? { dryRun, onItem } : {});
  } catch (e) {
    progress.clear();
    if (started) out.stdout.write('\n  ]\n}\n');
    const message = e instanceof Error ? e.message : String(e);
    throw new CliError(`${basename(file)}: ${message} (nothing was imported)`);
  }
  progress.clear();
  const result = { file, format, ...(source.order && { order: source.order }), ...summary };
  if (jsonListing) {
    out.stdout.write(`\n  ],\n  "summary": ${JSON.stringify(result)}\n}\n`);
    return;
  }
  out.result(result, (r) => {
    const order = r.order === 'newest-first' ? ', newest first' : '';
    out.line(out.c.dim(`${r.file}: ${r.format} CSV${order}`));
    out.line(out.c.green(summaryLine(summary)));
  });
}

/** Registers `tj import`. */
export function registerImport(program: Command, io: Io): void {
  const cmd = program
    .command('import <file>')
    .description('import a trades CSV or a fills CSV (told apart by the header) in one transaction')
    .option('--dry-run', 'show the trades that would be created; write nothing')
    .option('--no-progress', 'no progress bar (it is shown only when stderr is a terminal)')
    .action(action(io, importFile));
  cmd.addHelpText(
    'after',
    `
Formats (full description in docs/cli.md):
  trades CSV  one row per trade, the columns tj export trades --format csv writes:
              id, instrument, direction, entryPrice, positionSize, entryTime, stopLoss,
              takeProfit, setupType, notes, tags, fees, multiplier, exitPrice, exitTime, result
              (required: instrument, direction, entryPrice, positionSize, entryTime)
  fills CSV   one row per execution: datetime (with Z or an offset), symbol, side (buy/sell),
              quantity, price; optional commission, fees, exec_id, account, multiplier, tags
              (;-separated), note. Matched FIFO into trades per account and symbol; oldest-first
              or newest-first files both work.
Re-importing a file adds nothing; a bad row writes nothing and names its line and column.

Examples:
  $ tj import fills.csv --dry-run
  $ tj import fills.csv
  $ tj import trades.csv --json
  $ tj --db ./journal.db --user ann@example.com import broker-export.csv`,
  );
}
