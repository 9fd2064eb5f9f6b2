/**
 * `tj bars …`: price bars, the user's own (docs/cli.md, "Bars"). This file makes the command group
 * and its file commands (import, list, delete); other parts of bars add theirs through
 * {@link BAR_COMMANDS} (a provider's `tj bars fetch`).
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Command } from 'commander';
import type { BarImport, Timeframe } from '@tj/core';
import { isValidTimeZone } from '@tj/core/calendar';
import { action, examples, type Opts } from '../command-kit.js';
import type { Context, Io } from '../context.js';
import { CliError, type ErrorLike, fieldErrorsOf, fileError, UsageError } from '../errors.js';
import { plural } from '../output/format.js';
import { AS_WRITTEN, fieldErrorsInWords } from '../output/field-words.js';
import { detailInCliWords } from '../output/advice.js';

const TIMEFRAMES: readonly Timeframe[] = ['1m', '5m', '15m', '30m', '1h', '4h', '1d'];
const FORMATS = ['generic-csv', 'tradingview', 'ninjatrader8', 'metatrader5'];

/** The flag of each option the API reads, for its refusals. */
const FLAGS: Readonly<Record<string, string>> = {
  instrument: '--instrument',
  timeframe: '--timeframe',
  format: '--format',
  sourceTz: '--source-tz',
};

function timeframeFlag(value: unknown): Timeframe | undefined {
  if (value === undefined) return undefined;
  const v = String(value) as Timeframe;
  if (!TIMEFRAMES.includes(v)) throw new UsageError(`--timeframe takes ${TIMEFRAMES.join(', ')}, not "${String(value)}"`);
  return v;
}

function instrumentFlag(value: unknown): string {
  const v = String(value ?? '').trim();
  if (v === '') throw new UsageError('give the instrument the bars are of: --instrument ES');
  return v;
}

/** The API's refusal in one line: an option by its flag (a usage error), a row by file and line. */
function refusal(e: unknown, name: string): CliError {
  const err = e as ErrorLike;
  const fields = fieldErrorsOf(err);
  const first = fields?.[0];
  const flag = first === undefined ? undefined : FLAGS[first.path];
  if (flag !== undefined) return new UsageError(`${flag}: ${first?.message}`);
  const message = fields
    ? fieldErrorsInWords(fields, AS_WRITTEN)
    : ((err.problem && detailInCliWords(err.problem)) ?? String(err.message));
  return new CliError(`${name}: ${message} (nothing was imported)`);
}

/** What an import stored, in a sentence. */
function printImported(ctx: Context, r: BarImport, name: string): void {
  const range = r.from === r.to ? r.from : `${r.from} to ${r.to}`;
  ctx.out.line(
    `${plural(r.received, 'bar')} of ${r.instrument} (${r.timeframe}, ${range}) read from ${name} as ${r.format}; ${plural(r.written, 'new bar')} stored.`,
  );
  if (r.conflicts > 0) {
    ctx.out.note(
      `${plural(r.conflicts, 'bar')} already held with other prices or volume: the held ${r.conflicts === 1 ? 'bar was' : 'bars were'} kept`,
    );
  }
}

/** `tj bars import FILE --instrument ES [--timeframe 1m] [--format …] [--source-tz Zone]`. */
export async function importBars(ctx: Context, opts: Opts, [file]: string[]): Promise<void> {
  const path = file as string;
  const instrument = instrumentFlag(opts.instrument);
  const timeframe = timeframeFlag(opts.timeframe);
  if (opts.sourceTz !== undefined && !isValidTimeZone(String(opts.sourceTz))) {
    throw new UsageError(`--source-tz: "${String(opts.sourceTz)}" is not an IANA time zone name (such as America/New_York)`);
  }
  if (opts.format !== undefined && !FORMATS.includes(String(opts.format))) {
    throw new UsageError(`--format takes ${FORMATS.join(', ')}, not "${String(opts.format)}"`);
  }
  const s = await stat(path).catch((e: unknown) => Promise.reject(fileError(e, path)));
  if (!s.isFile()) throw new CliError(`${path} is not a file`);
  const client = await ctx.client();
  const { openFile } = await import('@tj/client/node');
  const opened = await openFile(path);
  const name = basename(path);
  const options = {
    instrument,
    fileName: name,
    ...(timeframe !== undefined && { timeframe }),
    ...(opts.format !== undefined && { format: String(opts.format) }),
    ...(opts.sourceTz !== undefined && { sourceTz: String(opts.sourceTz) }),
  };
  const r = await client.bars.import(opened.body, options).catch((e: unknown) => Promise.reject(refusal(e, name)));
  ctx.out.result(r, (v) => printImported(ctx, v, name));
}

/** `tj bars list`. */
export async function listBars(ctx: Context): Promise<void> {
  const data = await (await ctx.client()).bars.list();
  ctx.out.result(data, ({ series }) => {
    if (series.length === 0) return ctx.out.line('No bars: tj bars import FILE --instrument ES');
    ctx.out.printTable(
      ['Instrument', 'Timeframe', 'Bars', 'First', 'Last'],
      series.map((x) => [x.instrument, x.timeframe, String(x.count), x.first, x.last]),
      ['left', 'left', 'right', 'left', 'left'],
    );
  });
}

/** `tj bars delete --instrument ES [--timeframe 1m]`. */
export async function deleteBars(ctx: Context, opts: Opts): Promise<void> {
  const instrument = instrumentFlag(opts.instrument);
  const timeframe = timeframeFlag(opts.timeframe);
  const { deleted } = await (await ctx.client()).bars.delete(instrument, timeframe);
  ctx.out.result({ deleted }, () => ctx.out.line(`Deleted ${plural(deleted, 'bar')}.`));
}

/** Adds `tj bars import`, `list` and `delete` to the `bars` group. */
export function addBarFileCommands(bars: Command, io: Io): void {
  const imp = bars
    .command('import')
    .description(
      'store the bars of a chart export: generic CSV (time,open,high,low,close[,volume]), TradingView, NinjaTrader 8, MetaTrader 5',
    )
    .argument('<file>', 'the bars file')
    .option('--instrument <symbol>', 'the instrument the bars are of (ESZ6 for a contract, ES for its continuous series)')
    .option('--timeframe <tf>', `the bars' resolution: ${TIMEFRAMES.join(', ')} (default: inferred from the file)`)
    .option('--format <name>', `the file's layout: ${FORMATS.join(', ')} (default: detected)`)
    .option('--source-tz <zone>', 'IANA zone of times written without one (MetaTrader 5: the broker server’s)')
    .action(action(io, importBars));
  examples(imp, [
    'tj bars import es-1m.csv --instrument ESZ6',
    'tj bars import "CME_MINI_ES1!, 5.csv" --instrument ES --timeframe 5m',
    'tj bars import US500_M15.csv --instrument US500 --source-tz Europe/Athens',
  ]);
  const list = bars.command('list').description('list the bar series you hold').action(action(io, listBars));
  examples(list, ['tj bars list']);
  const del = bars
    .command('delete')
    .description('delete an instrument’s bars (one timeframe, or all)')
    .option('--instrument <symbol>', 'the instrument')
    .option('--timeframe <tf>', 'only this resolution')
    .action(action(io, deleteBars));
  examples(del, ['tj bars delete --instrument ES --timeframe 1m', 'tj bars delete --instrument ES']);
}

/** What adds subcommands to `tj bars`: each part of bars gives one (files here; a provider's fetch). */
export type BarCommands = (bars: Command, io: Io) => void;

/** The parts of `tj bars`, in help order. */
export const BAR_COMMANDS: BarCommands[] = [addBarFileCommands];

/** Registers `tj bars …` with every part of {@link BAR_COMMANDS}. */
export function registerBars(program: Command, io: Io): void {
  const bars = program
    .command('bars')
    .description('price bars of your instruments: what excursions (MAE/MFE) and trade charts are drawn from');
  examples(bars, ['tj bars import es-1m.csv --instrument ES', 'tj bars list']);
  for (const add of BAR_COMMANDS) add(bars, io);
}
