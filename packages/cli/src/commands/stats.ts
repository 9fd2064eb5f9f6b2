import type { Command } from 'commander';
import type { Statistics } from '@tj/core';
import { action, examples, type Opts } from '../command-kit.js';
import type { Context, Io } from '../context.js';
import { duration, figureLabel as label } from '@tj/report';
import { money, NONE, num, pct, plural, ratio, rMultiple } from '../output/format.js';
import type { Output } from '../output/output.js';
import { printExcursionStatistics } from '../views/excursion.js';
import { printMoneyNote } from '../views/money-note.js';
import { addAnalyticsFilterOptions, addCurrencyOption, analyticsFilter } from './trades.js';

/** `3 wins`, `2 losses`, or `none` (after a breakeven trade or without trades). */
function streak(n: number): string {
  if (n === 0) return 'none';
  return n > 0 ? plural(n, 'win') : plural(-n, 'loss', 'losses');
}

/** A duration in seconds (`4 min 10 s`), or the dash. */
const held = (seconds: number | null): string => (seconds === null ? NONE : duration(seconds));

/** Two figures that go together (wins, losses) on one line: `75.00 / -20.50`. */
const pair = (a: string, b: string): string => `${a} / ${b}`;

/** The label of figures on one line, their labels' shared first and last words said once: `Average win / loss`. */
function jointLabel(...keys: string[]): string {
  const words = keys.map((k) => label(k).split(' '));
  const first = words[0] as string[];
  const same = (at: (w: string[]) => string | undefined) => words.every((w) => at(w) === at(first));
  let head = 0;
  while (head < first.length - 1 && same((w) => w[head])) head++;
  let tail = 0;
  while (tail < first.length - 1 - head && words.every((w) => w.length - tail - 1 > head) && same((w) => w[w.length - 1 - tail]))
    tail++;
  const middles = words.map((w, i) => {
    const m = w.slice(head, w.length - tail).join(' ');
    return i > 0 && head === 0 ? m.charAt(0).toLowerCase() + m.slice(1) : m;
  });
  return [...first.slice(0, head), middles.join(' / '), ...first.slice(first.length - tail)].join(' ');
}

/**
 * Prints the statistics figures as a two-column table, the pairs of win and loss figures on one
 * line each, labelled as the report labels them (`@tj/report`'s figures).
 */
export function printStatistics(out: Output, s: Statistics): void {
  out.printFields([
    [label('totalTrades'), num(s.totalTrades)],
    [label('openTrades'), num(s.openTrades)],
    [jointLabel('wins', 'losses', 'breakeven'), `${s.wins} / ${s.losses} / ${s.breakeven}`],
    [label('winRate'), pct(s.winRate)],
    [label('totalPnL'), out.pnl(s.totalPnL, money(s.totalPnL))],
    [jointLabel('grossProfit', 'grossLoss'), pair(money(s.grossProfit), money(s.grossLoss))],
    [label('totalFees'), money(s.totalFees)],
    [label('profitFactor'), s.profitFactor === null ? `${NONE} (no losses)` : ratio(s.profitFactor)],
    [label('payoffRatio'), ratio(s.payoffRatio)],
    [label('expectancy'), out.pnl(s.expectancy, money(s.expectancy))],
    [jointLabel('averageWin', 'averageLoss'), pair(money(s.averageWin), money(s.averageLoss))],
    [jointLabel('largestWin', 'largestLoss'), pair(money(s.largestWin), money(s.largestLoss))],
    [label('maxDrawdown'), money(s.maxDrawdown)],
    [label('averageR'), rMultiple(s.averageR)],
    [jointLabel('averageWinR', 'averageLossR'), pair(rMultiple(s.averageWinR), rMultiple(s.averageLossR))],
    [label('stdDevR'), rMultiple(s.stdDevR)],
    [label('sqn'), ratio(s.sqn)],
    [jointLabel('longestWinStreak', 'longestLossStreak'), `${num(s.longestWinStreak)} / ${num(s.longestLossStreak)}`],
    [label('currentStreak'), streak(s.currentStreak)],
    [
      jointLabel('averageWinHoldingSeconds', 'averageLossHoldingSeconds'),
      pair(held(s.averageWinHoldingSeconds), held(s.averageLossHoldingSeconds)),
    ],
  ]);
}

/** `tj stats`. */
export async function stats(ctx: Context, opts: Opts): Promise<void> {
  const query = { ...analyticsFilter(ctx, opts), ...(opts.maeR !== undefined && { maeR: opts.maeR }) };
  const s = await (await ctx.client()).trades.statistics(query);
  ctx.out.result(s, (v) => {
    printStatistics(ctx.out, v);
    printExcursionStatistics(ctx.out, v.excursions);
    printMoneyNote(ctx.out, v);
  });
}

/** Registers `tj stats`. */
export function registerStats(program: Command, io: Io): void {
  const cmd = addCurrencyOption(
    addAnalyticsFilterOptions(
      program.command('stats').description('statistics of your closed trades: win rate, profit factor, expectancy, drawdown, R'),
    ),
  )
    .option('--mae-r <x>', 'excursions: the share of winners whose MAE went beyond -x R (default 1)')
    .action(action(io, stats));
  examples(cmd, [
    'tj stats',
    'tj stats --instrument ES --from 2026-01-01',
    'tj stats --account U1234567 --setup breakout',
    'tj stats --currency USD',
    'tj stats --mae-r 0.5',
    'tj stats --json | jq .winRate',
  ]);
}
