import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { FxRatesWritten } from '@tj/core';
import { action, examples, type Opts } from '../command-kit.js';
import type { Context, Io } from '../context.js';
import { fileError, UsageError } from '../errors.js';
import { plural } from '../output/format.js';
import type { Output } from '../output/output.js';
import { defined } from '../util/args.js';
import { isCalendarDate } from '../util/dates.js';

/** Rates sent per request (the API takes at most 10,000). */
const CHUNK = 5000;

/** What a rates import or fetch stored, in a sentence. */
function printWritten(out: Output, w: FxRatesWritten, what: string): void {
  if (w.received === 0) {
    out.line(`No rates ${what}.`);
    return;
  }
  const range = w.from === w.to ? `${w.from}` : `${w.from} to ${w.to}`;
  out.line(`${plural(w.received, 'rate')} ${what} (${w.pairs.join(', ')}, ${range}); ${plural(w.written, 'rate')} stored.`);
}

/** `--pair EUR/USD` as base and quote. */
async function pairOf(value: string | undefined): Promise<{ base?: string; quote?: string }> {
  if (value === undefined) return {};
  const { parsePair } = await import('@tj/core');
  const pair = parsePair(value);
  if (pair === undefined) throw new UsageError(`--pair takes two currency codes such as EUR/USD, not "${value}"`);
  return pair;
}

/** `tj fx import FILE`: the user's own rates from a CSV of date,pair,rate (all or nothing). */
export async function importRates(ctx: Context, _opts: Opts, [file]: string[]): Promise<void> {
  const path = file as string;
  const text = await readFile(path, 'utf8').catch((e: unknown) => Promise.reject(fileError(e, path)));
  const { readRatesCsv } = await import('@tj/core');
  const rates = readRatesCsv(text);
  const client = await ctx.client();
  const total: FxRatesWritten = { source: 'user', received: 0, written: 0, pairs: [], from: null, to: null };
  for (let i = 0; i < rates.length; i += CHUNK) {
    const w = await client.fx.import({ rates: rates.slice(i, i + CHUNK) });
    total.received += w.received;
    total.written += w.written;
    total.pairs = [...new Set([...total.pairs, ...w.pairs])].sort();
    if (w.from !== null && (total.from === null || w.from < total.from)) total.from = w.from;
    if (w.to !== null && (total.to === null || w.to > total.to)) total.to = w.to;
  }
  ctx.out.result(total, (w) => printWritten(ctx.out, w, `read from ${path}`));
}

/** A `--from`/`--to` date. */
function dayFlag(flag: string, value: unknown): string {
  const v = String(value ?? '').trim();
  if (!isCalendarDate(v)) throw new UsageError(`${flag} takes a date YYYY-MM-DD, not "${String(value)}"`);
  return v;
}

/** `tj fx fetch --from --to`: a provider's published rates into yours. */
export async function fetchRates(ctx: Context, opts: Opts): Promise<void> {
  if (opts.from === undefined || opts.to === undefined) throw new UsageError('give --from YYYY-MM-DD and --to YYYY-MM-DD');
  const body = defined({
    provider: opts.provider,
    from: dayFlag('--from', opts.from),
    to: dayFlag('--to', opts.to),
    currencies: opts.currency,
  });
  const w = await (await ctx.client()).fx.fetch(body as { from: string; to: string });
  ctx.out.result(w, (v) => printWritten(ctx.out, v, `fetched from ${v.source.toUpperCase()}`));
}

/** `tj fx list`. */
export async function listRates(ctx: Context, opts: Opts): Promise<void> {
  const query = defined({
    ...(await pairOf(opts.pair as string | undefined)),
    from: opts.from === undefined ? undefined : dayFlag('--from', opts.from),
    to: opts.to === undefined ? undefined : dayFlag('--to', opts.to),
    page: opts.page,
    limit: opts.limit,
  });
  const data = await (await ctx.client()).fx.list(query);
  ctx.out.result(data, ({ rates, pagination }) => {
    if (rates.length === 0) return ctx.out.line('No rates: tj fx import FILE (date,pair,rate) or tj fx fetch --from … --to …');
    ctx.out.printTable(
      ['Date', 'Pair', 'Rate', 'Source'],
      rates.map((r) => [r.date, `${r.base}/${r.quote}`, r.rate, r.source]),
      ['left', 'left', 'right', 'left'],
    );
    if (pagination.pages > 1)
      ctx.out.note(`page ${pagination.page} of ${pagination.pages} (${plural(pagination.total, 'rate')}); --page N`);
  });
}

/** `tj fx delete`. */
export async function deleteRates(ctx: Context, opts: Opts): Promise<void> {
  if (opts.pair === undefined && opts.source === undefined && !opts.all) {
    throw new UsageError('say which rates: --pair EUR/USD, --source ecb|user, or --all');
  }
  const query = defined({ ...(await pairOf(opts.pair as string | undefined)), source: opts.source });
  const { deleted } = await (await ctx.client()).fx.delete(query);
  ctx.out.result({ deleted }, () => ctx.out.line(`Deleted ${plural(deleted, 'rate')}.`));
}

/** Registers `tj fx …`. */
export function registerFx(program: Command, io: Io): void {
  const fx = program
    .command('fx')
    .description('FX reference rates: what analytics convert money with when your trades are in several currencies');
  examples(fx, ['tj fx import rates.csv', 'tj fx fetch --from 2026-01-01 --to 2026-03-31', 'tj stats --currency USD']);
  const imp = fx
    .command('import')
    .description('store your own rates from a CSV of date,pair,rate (2026-03-02,EUR/USD,1.0834: 1 EUR = 1.0834 USD)')
    .argument('<file>', 'the CSV file')
    .action(action(io, importRates));
  examples(imp, ['tj fx import rates.csv']);
  const fetch = fx
    .command('fetch')
    .description('fetch the European Central Bank’s reference rates for a range of days (never over your own)')
    .option('--from <date>', 'first day, YYYY-MM-DD')
    .option('--to <date>', 'last day, YYYY-MM-DD')
    .option(
      '--currency <code>',
      'a currency to fetch (repeatable; default: those your trades and base currencies name)',
      (v: string, all: string[] = []) => [...all, v],
    )
    .option('--provider <name>', 'the provider (default ecb)')
    .action(action(io, fetchRates));
  examples(fetch, [
    'tj fx fetch --from 2026-01-01 --to 2026-03-31',
    'tj fx fetch --from 2026-03-01 --to 2026-03-31 --currency JPY --currency USD',
  ]);
  const list = fx
    .command('list')
    .description('list your rates by pair and day')
    .option('--pair <pair>', 'only this pair, such as EUR/USD')
    .option('--from <date>', 'first day')
    .option('--to <date>', 'last day')
    .option('--page <n>', 'page (default 1)', Number)
    .option('--limit <n>', 'rates per page (default 20, at most 100)', Number)
    .action(action(io, listRates));
  examples(list, ['tj fx list --pair EUR/USD --from 2026-03-01']);
  const del = fx
    .command('delete')
    .description('delete rates of a pair or a source')
    .option('--pair <pair>', 'only this pair')
    .option('--source <source>', 'only those of this source: user or ecb')
    .option('--all', 'every rate you have')
    .action(action(io, deleteRates));
  examples(del, ['tj fx delete --source ecb', 'tj fx delete --pair EUR/USD']);
}
