import { type Command, Option } from 'commander';
import { action, examples, type Opts } from '../command-kit.js';
import type { Context, Io } from '../context.js';
import { money } from '../output/format.js';
import { UsageError } from '../errors.js';
import { dateRangeFlags, defined, numberArg } from '../util/args.js';
import { printCategories, printEquityChart, printPerformance, printRDistribution } from '../views/analytics-view.js';
import { printCalendar } from '../views/calendar-view.js';
import { tradingToday } from '../views/day-view.js';
import { printMoneyNote } from '../views/money-note.js';
import { addCurrencyOption, addSelectionOptions, selection } from './trades.js';

/** `tj analytics performance`. */
export async function performance(ctx: Context, opts: Opts): Promise<void> {
  const query = defined({
    ...selection(opts),
    period: opts.period,
    ...dateRangeFlags(opts),
    tz: ctx.tz,
  });
  const data = await (await ctx.client()).analytics.performance(query);
  ctx.out.result(data, (d) => {
    printPerformance(ctx.out, d);
    printMoneyNote(ctx.out, d);
  });
}

/** `tj analytics by-category`. */
export async function byCategory(ctx: Context, opts: Opts): Promise<void> {
  const data = await (await ctx.client()).analytics.byCategory({ ...selection(opts), category: opts.category, tz: ctx.tz });
  ctx.out.result(data, (d) => {
    printCategories(ctx.out, d);
    printMoneyNote(ctx.out, d);
  });
}

/** `tj analytics equity`. */
export async function equity(ctx: Context, opts: Opts): Promise<void> {
  const data = await (await ctx.client()).analytics.equityCurve(
    defined({ ...selection(opts), startingBalance: opts.startingBalance, tz: ctx.tz }),
  );
  ctx.out.result(data, (d) => {
    printEquityChart(ctx.out, d, 12);
    const last = d.dataPoints[d.dataPoints.length - 1];
    if (last) ctx.out.line(`Equity on ${last.date}: ${ctx.out.pnl(last.equity, money(last.equity))}`);
    printMoneyNote(ctx.out, d);
  });
}

/** `tj analytics r-distribution`. */
export async function rDistribution(ctx: Context, opts: Opts): Promise<void> {
  const data = await (await ctx.client()).analytics.rDistribution(
    defined({ ...selection(opts), bucketSize: opts.bucketSize, tz: ctx.tz }),
  );
  ctx.out.result(data, (d) => printRDistribution(ctx.out, d));
}

/** Registers `tj analytics …`. */
export function registerAnalytics(program: Command, io: Io): void {
  const analytics = program.command('analytics').description('performance by period or category, equity curve, R distribution');
  examples(analytics, ['tj analytics performance --period weekly', 'tj analytics r-distribution']);

  const perf = addCurrencyOption(
    addSelectionOptions(
      analytics
        .command('performance')
        .description('P&L, win rate and cumulative P&L per day, week, month or year (P&L on the trading day it was realized)'),
    ),
  )
    .addOption(
      new Option('--period <period>', 'bucket size (default daily)').choices(['daily', 'weekly', 'monthly', 'yearly', 'year']),
    )
    .option('--from <date>', 'first date, YYYY-MM-DD (default: the first exit)')
    .option('--to <date>', 'last date, YYYY-MM-DD (default: the last exit)')
    .action(action(io, performance));
  examples(perf, ['tj analytics performance', 'tj analytics performance --period monthly --from 2026-01-01 --to 2026-12-31']);

  const cat = addCurrencyOption(
    addSelectionOptions(
      analytics
        .command('by-category')
        .description(
          'performance grouped by instrument, setup, tag, hour of entry, weekday, account, asset class, holding time or option strategy',
        ),
    ),
  )
    .addOption(
      new Option('--category <category>', 'what to group by')
        .choices(['instrument', 'setup', 'tag', 'hour', 'time', 'weekday', 'account', 'assetClass', 'holdingTime', 'strategy'])
        .makeOptionMandatory(),
    )
    .action(action(io, byCategory));
  examples(cat, [
    'tj analytics by-category --category setup',
    'tj analytics by-category --category hour --tz Europe/London',
    'tj analytics by-category --category holdingTime',
    'tj analytics by-category --category strategy',
  ]);

  const eq = addCurrencyOption(
    addSelectionOptions(
      analytics.command('equity').description('the equity curve (one point per day that realized money), drawn in the terminal'),
    ),
  )
    .option('--starting-balance <money>', 'equity before the first trade (default 0)', numberArg)
    .action(action(io, equity));
  examples(eq, ['tj analytics equity --starting-balance 25000', 'tj analytics equity --json']);

  const r = addSelectionOptions(
    analytics.command('r-distribution').description('histogram of R multiples (closed trades with a stop loss) as bars'),
  )
    .option('--bucket-size <r>', 'bucket width in R (default 0.5)', numberArg)
    .action(action(io, rDistribution));
  examples(r, ['tj analytics r-distribution', 'tj analytics r-distribution --bucket-size 1']);

  const cal = addCurrencyOption(
    addSelectionOptions(
      analytics.command('calendar').description("a month's trading days: P&L, trade count and which have a journal entry"),
    ),
  )
    .option('--month <YYYY-MM>', 'the month (default: this month in --tz, else the last month with trades)', monthArg)
    .action(action(io, calendar));
  examples(cal, ['tj analytics calendar', 'tj analytics calendar --month 2026-11 --tz America/Chicago']);
}

/** A `--month` value: `YYYY-MM`. */
function monthArg(value: string): string {
  const v = value.trim();
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(v)) throw new UsageError(`--month: "${value}" is not a month (use YYYY-MM)`);
  return v;
}

/** `tj analytics calendar`. */
export async function calendar(ctx: Context, opts: Opts): Promise<void> {
  const client = await ctx.client();
  const query = { ...selection(opts), tz: ctx.tz };
  const thisMonth = (opts.month as string | undefined) ?? (await tradingToday(ctx)).slice(0, 7);
  let data = await client.analytics.calendar({ ...query, month: thisMonth });
  // Without --month, an empty month opens on the last month with trades (the last exit's), saying so.
  let moved: string | undefined;
  if (opts.month === undefined && data.trades === 0 && data.totalPnL === 0) {
    const points = (await client.analytics.equityCurve(query)).dataPoints;
    const last = points[points.length - 1]?.date.slice(0, 7);
    if (last !== undefined && last !== thisMonth) {
      data = await client.analytics.calendar({ ...query, month: last });
      moved = `No trades in ${thisMonth}: showing ${last}, the last month with trades (--month YYYY-MM for another).`;
    }
  }
  ctx.out.result(data, (d) => {
    if (moved !== undefined) ctx.out.line(ctx.out.c.dim(moved));
    printCalendar(ctx.out, d);
    printMoneyNote(ctx.out, d);
  });
}
