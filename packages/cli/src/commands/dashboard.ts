import { type Command, Option } from 'commander';
import { action, examples, type Opts } from '../command-kit.js';
import type { Context, Io } from '../context.js';
import { positiveIntArg } from '../util/args.js';
import { printEquityChart, printPeriods, printSummary } from '../views/analytics-view.js';

type Period = 'daily' | 'weekly' | 'monthly';
const DEFAULT_ROWS: Record<Period, number> = { daily: 10, weekly: 12, monthly: 12 };

/** `tj dashboard`: summary, recent performance and the equity curve. */
export async function dashboard(ctx: Context, opts: Opts): Promise<void> {
  const backend = await ctx.backend();
  const [board, curve] = await Promise.all([
    backend.analytics.dashboard({ tz: ctx.tz }),
    backend.analytics.equityCurve({ tz: ctx.tz }),
  ]);
  const period = (opts.period ?? 'daily') as Period;
  ctx.out.result({ ...board, equityCurve: curve.dataPoints }, (d) => {
    const { out } = ctx;
    out.line(out.c.bold('Summary'));
    printSummary(out, d.summary);
    out.line();
    out.line(out.c.bold(`Recent performance (${period}, ${ctx.tz})`));
    printPeriods(out, d.recentPerformance[period].slice(-(opts.rows ?? DEFAULT_ROWS[period])));
    out.line();
    out.line(out.c.bold('Equity curve'));
    printEquityChart(out, curve);
  });
}

/** Registers `tj dashboard`. */
export function registerDashboard(program: Command, io: Io): void {
  const cmd = program
    .command('dashboard')
    .description('summary table, recent performance and the equity curve drawn in the terminal')
    .addOption(
      new Option('--period <period>', 'recent performance by day, week or month').choices(['daily', 'weekly', 'monthly']),
    )
    .option('--rows <n>', 'how many recent periods to show (default 10 days / 12 weeks / 12 months)', positiveIntArg)
    .action(action(io, dashboard));
  examples(cmd, ['tj dashboard', 'tj dashboard --period weekly --tz America/New_York', 'tj dashboard --json']);
}
