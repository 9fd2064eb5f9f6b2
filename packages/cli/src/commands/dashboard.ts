import { type Command, Option } from 'commander';
import { civilFromDays, dayKey, daysFromCivil, parseDayKey } from '@tj/core/calendar';
import type { TjClient } from '@tj/client';
import { action, examples, type Opts } from '../command-kit.js';
import type { Context, Io } from '../context.js';
import { positiveIntArg } from '../util/args.js';
import { printEquityChart, printPeriods, printSummary } from '../views/analytics-view.js';
import { printMoneyNote } from '../views/money-note.js';
import { addCurrencyOption, addSelectionOptions, selection } from './trades.js';

type Period = 'daily' | 'weekly' | 'monthly';
const DEFAULT_ROWS: Record<Period, number> = { daily: 10, weekly: 12, monthly: 12 };
const UNIT: Record<Period, string> = { daily: 'days', weekly: 'weeks', monthly: 'months' };
/** Most periods looked back over for the last active ones (performance answers at most 3,700). */
const MAX_LOOK_BACK = 3000;

/** The first day of a window of `periods` periods that ends on `last` (a look-back, not a rule). */
function windowStart(period: Period, last: string, periods: number): string {
  const day = parseDayKey(last) as number;
  if (period === 'daily') return dayKey(day - periods + 1);
  if (period === 'weekly') return dayKey(day - 7 * (periods - 1));
  const { year, month } = civilFromDays(day);
  const index = year * 12 + (month - 1) - (periods - 1);
  return dayKey(daysFromCivil(Math.floor(index / 12), (index % 12) + 1, 1));
}

/**
 * After a history import the recent periods the dashboard shows can all be empty: then the last
 * periods that have trades, up to the last exit, from the performance endpoint (looking back
 * three times as many periods as it shows).
 */
async function lastActivePeriods(client: TjClient, ctx: Context, period: Period, rows: number, lastExit: string) {
  const { data } = await client.analytics.performance({
    period,
    dateFrom: windowStart(period, lastExit, Math.min(rows * 3, MAX_LOOK_BACK)),
    dateTo: lastExit,
    tz: ctx.tz,
  });
  // Cumulative figures would start at the look-back window, which means nothing here: left out.
  return data
    .filter((p) => p.trades > 0)
    .slice(-rows)
    .map(({ cumulativePnL: _c, averageR: _r, ...period }) => period);
}

/** `tj dashboard`: summary, recent performance and the equity curve. */
export async function dashboard(ctx: Context, opts: Opts): Promise<void> {
  const client = await ctx.client();
  const query = { ...selection(opts), tz: ctx.tz };
  const [board, curve] = await Promise.all([client.analytics.dashboard(query), client.analytics.equityCurve(query)]);
  const period = (opts.period ?? 'daily') as Period;
  const rows = (opts.rows as number | undefined) ?? DEFAULT_ROWS[period];
  const recent = board.recentPerformance[period].slice(-rows);
  const lastExit = curve.dataPoints[curve.dataPoints.length - 1]?.date;
  const idle = lastExit !== undefined && recent.every((p) => p.trades === 0);
  const shown = idle ? await lastActivePeriods(client, ctx, period, rows, lastExit) : recent;
  ctx.out.result({ ...board, equityCurve: curve.dataPoints }, (d) => {
    const { out } = ctx;
    out.line(out.c.bold('Summary'));
    printSummary(out, d.summary);
    out.line();
    if (idle) {
      out.line(out.c.bold(`No trades in the last ${recent.length} ${UNIT[period]}; the last trade exited on ${lastExit}.`));
      out.line(out.c.bold(`The last ${shown.length} ${UNIT[period]} with trades (${ctx.tz}):`));
    } else {
      out.line(out.c.bold(`Recent performance (${period}, ${ctx.tz})`));
    }
    printPeriods(out, shown);
    out.line();
    out.line(out.c.bold('Equity curve'));
    printEquityChart(out, curve);
    printMoneyNote(out, board);
  });
}

/** Registers `tj dashboard`. */
export function registerDashboard(program: Command, io: Io): void {
  const cmd = addCurrencyOption(
    addSelectionOptions(
      program.command('dashboard').description('summary table, recent performance and the equity curve drawn in the terminal'),
    ),
  )
    .addOption(
      new Option('--period <period>', 'recent performance by day, week or month').choices(['daily', 'weekly', 'monthly']),
    )
    .option('--rows <n>', 'how many recent periods to show (default 10 days / 12 weeks / 12 months)', positiveIntArg)
    .action(action(io, dashboard));
  examples(cmd, ['tj dashboard', 'tj dashboard --period weekly --tz America/New_York', 'tj dashboard --json']);
}
