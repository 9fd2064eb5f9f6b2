import { type Command, InvalidArgumentError, Option } from 'commander';
import { printExcursion } from '../views/excursion.js';
import { action, examples, type Opts } from '../command-kit.js';
import { resolveId } from '../backend/resolve-id.js';
import type { Context, Io } from '../context.js';
import { defined, listArg, positiveIntArg, rangeFlags } from '../util/args.js';
import { dayOf, journalOfDay, printJournalBrief } from '../views/day-view.js';
import { API_PAGE_LIMIT, printManyTrades } from '../views/trade-pages.js';
import { printTradeChart } from '../views/trade-chart.js';
import { printExecutions, printPartialExits, printTrade, printTradeTable } from '../views/trade-view.js';
import { addTradeFieldOptions, CLEARABLE } from './trade-fields.js';
import { registerTradeChart } from './trade-chart.js';
import { addTrade, closeTrade, deleteTrade, editTrade } from './trades-write.js';

/** The strategy filter's values (the API's strategy names and `none`). */
const STRATEGIES = ['vertical', 'straddle', 'strangle', 'iron condor', 'butterfly', 'calendar', 'covered call', 'custom', 'none'];

/** A `--strategy` value: a strategy name (`iron condor`, or `iron-condor` as the shell likes it) or `none`. */
function strategyArg(value: string): string {
  const name = value
    .trim()
    .toLowerCase()
    .replace(/[-_\s]+/g, ' ');
  if (!STRATEGIES.includes(name)) throw new InvalidArgumentError(`must be one of ${STRATEGIES.join(', ')}.`);
  return name;
}

/** The flags that select trades, shared by lists, statistics and every analytic. */
export function addSelectionOptions(cmd: Command): Command {
  return cmd
    .option('--instrument <symbol>', 'only this instrument (any case)')
    .option('--account <account>', 'only trades of this broker account')
    .addOption(
      new Option('--asset-class <class>', 'only this asset class').choices(['stock', 'option', 'future', 'forex', 'crypto']),
    )
    .option('--setup <name>', 'only trades of this setup')
    .option('--tag <tag>', 'only trades carrying this tag')
    .option(
      '--strategy <name>',
      `only trades of this option strategy: ${STRATEGIES.join(', ')}; none: single instruments`,
      strategyArg,
    );
}

/** `--currency`: the currency money is reported in (docs/analytics.md, "Currencies"). */
export function addCurrencyOption(cmd: Command): Command {
  return cmd.option(
    '--currency <code>',
    'report money in this currency: trades in others are converted at the rate of each exit’s day (needed when your trades are in several currencies and no base currency is set)',
  );
}

/** The selection flags as the API's query fields (and `--currency` where the command has it). */
export function selection(opts: Opts): Record<string, unknown> {
  return defined({
    currency: opts.currency,
    instrument: opts.instrument,
    account: opts.account,
    assetClass: opts.assetClass,
    setup: opts.setup,
    tag: opts.tag,
    strategy: opts.strategy,
  });
}

/** The trade filter flags shared by list, stats and export. */
export function addTradeFilterOptions(cmd: Command): Command {
  return addSelectionOptions(
    cmd.addOption(new Option('--status <status>', 'open, closed or all').choices(['open', 'closed', 'all'])),
  )
    .option('--from <date>', 'entries on or after this date (a date is the whole day in --tz)')
    .option('--to <date>', 'entries up to this date, inclusive');
}

/** The trade filter of the flags, as the API's query. */
export function tradeFilter(ctx: Context, opts: Opts): Record<string, unknown> {
  return defined({ status: opts.status, ...selection(opts), ...rangeFlags(opts, ctx.tz), tz: ctx.tz });
}

/** The filter flags of statistics and the report: the selection and the entry dates of closed trades. */
export function addAnalyticsFilterOptions(cmd: Command): Command {
  return addSelectionOptions(cmd)
    .option('--from <date>', 'trades entered on or after this date (a date is the whole day in --tz)')
    .option('--to <date>', 'trades entered up to this date, inclusive');
}

/** The statistics filter of the flags (with `tz`), as the API's query. */
export function analyticsFilter(ctx: Context, opts: Opts): Record<string, unknown> {
  return { ...selection(opts), ...rangeFlags(opts, ctx.tz), tz: ctx.tz };
}

/** `tj trades list`. */
export async function listTrades(ctx: Context, opts: Opts): Promise<void> {
  if (opts.all === true || (opts.limit ?? 0) > API_PAGE_LIMIT)
    return printManyTrades(ctx, tradeFilter(ctx, opts), opts.page ?? 1, opts.all === true ? undefined : opts.limit);
  const query = { ...tradeFilter(ctx, opts), ...defined({ page: opts.page, limit: opts.limit }) };
  const client = await ctx.client();
  const page = await client.trades.list(query);
  ctx.out.result(page, (p) => printTradeTable(ctx.out, p.trades, ctx.tz, p.pagination));
}

/** `tj trades show <id>`: the trade, its partial exits, the executions it was built from, its chart, and the journal of the day it was entered. */
export async function showTrade(ctx: Context, _opts: Opts, [arg]: string[]): Promise<void> {
  const trade = await (await ctx.client()).trades.get(await resolveId(ctx, 'trade', arg as string));
  await ctx.out.resultAsync(trade, async (t) => {
    printTrade(ctx.out, t, ctx.tz);
    printExcursion(ctx.out, t, ctx.tz);
    printPartialExits(ctx.out, t, ctx.tz);
    printExecutions(ctx.out, t.executions, ctx.tz);
    await printTradeChart(ctx, t);
    const day = dayOf(t.entryTime, ctx.tz);
    ctx.out.line();
    printJournalBrief(ctx.out, day, await journalOfDay(ctx, day));
  });
}

/** Registers `tj trades …`. */
export function registerTrades(program: Command, io: Io): void {
  const trades = program.command('trades').description('list, show, add, close, edit and delete trades');
  examples(trades, [
    'tj trades list --status open',
    'tj trades add --instrument ES --direction short --entry-price 5000 --size 1',
  ]);

  const list = addCurrencyOption(addTradeFilterOptions(trades.command('list').description('list trades, newest entry first')))
    .option('--page <n>', 'page number', positiveIntArg)
    .option('--limit <n>', 'trades per page (default 20; over 100, tj asks the API page after page)', positiveIntArg)
    .addOption(new Option('--all', 'every trade of the filter, fetched and printed 100 at a time').conflicts(['page', 'limit']))
    .action(action(io, listTrades));
  examples(list, [
    'tj trades list',
    'tj trades list --status closed --instrument es --from 2026-11-01 --to 2026-11-30',
    'tj trades list --json --limit 100',
    'tj trades list --limit 500 --page 2',
    'tj trades list --all --json > trades.json',
    'tj trades list --currency USD',
  ]);

  examples(
    trades
      .command('show <id>')
      .description('show one trade and the journal of its day (an id or its start)')
      .action(action(io, showTrade)),
    ['tj trades show 7f3a9c21e4'],
  );
  registerTradeChart(trades, io);

  const add = addTradeFieldOptions(
    trades.command('add').description('record a trade (prompts for missing fields on a terminal)'),
  );
  add.action(action(io, addTrade));
  examples(add, [
    'tj trades add --instrument ES --direction short --entry-price 5000 --size 1 --stop 5010 --multiplier 50',
    'tj trades add --instrument AAPL --direction long --entry-price 190 --size 100 --entry-time "2026-11-20 09:30" --exit-price 195 --exit-time "2026-11-20 15:00"',
    'tj trades add          # asks for each field',
  ]);

  const close = addTradeFieldOptions(trades.command('close <id>').description('close an open trade'), [
    'exitPrice',
    'exitTime',
    'fees',
    'result',
    'notes',
  ]);
  close.action(action(io, closeTrade));
  examples(close, [
    'tj trades close 7f3a9c21e4 --exit-price 4990',
    'tj trades close 7f3a9c21e4 --exit-price 4990 --exit-time "2026-11-20 15:55" --fees 4.5',
  ]);

  const edit = addTradeFieldOptions(trades.command('edit <id>').description('change fields of a trade'))
    .option('--clear <fields>', `clear optional fields: ${Object.keys(CLEARABLE).join(', ')} (exit reopens)`, listArg)
    .action(action(io, editTrade));
  examples(edit, [
    'tj trades edit 7f3a9c21e4 --stop 4990 --tags fomc,news',
    'tj trades edit 7f3a9c21e4 --clear target,notes',
    'tj trades edit 7f3a9c21e4 --clear exit',
  ]);

  const del = trades
    .command('delete <id>')
    .description('delete a trade')
    .option('-y, --yes', 'do not ask for confirmation')
    .action(action(io, deleteTrade));
  examples(del, ['tj trades delete 7f3a9c21e4 --yes']);
}
