import type { Command } from 'commander';
import type { Statistics } from '@tj/core';
import { action, examples, type Opts } from '../command-kit.js';
import type { Context, Io } from '../context.js';
import { duration } from '@tj/report';
import { money, NONE, num, pct, plural, ratio, rMultiple } from '../output/format.js';
import type { Output } from '../output/output.js';
import { addAnalyticsFilterOptions, analyticsFilter } from './trades.js';

/** `3 wins`, `2 losses`, or `none` (after a breakeven trade or without trades). */
function streak(n: number): string {
  if (n === 0) return 'none';
  return n > 0 ? plural(n, 'win') : plural(-n, 'loss', 'losses');
}

/** A duration in seconds (`4 min 10 s`), or the dash. */
const held = (seconds: number | null): string => (seconds === null ? NONE : duration(seconds));

/** Two figures that go together (wins, losses) on one line: `75.00 / -20.50`. */
const pair = (a: string, b: string): string => `${a} / ${b}`;

/** Prints the statistics figures as a two-column table, the pairs of win and loss figures on one line each. */
export function printStatistics(out: Output, s: Statistics): void {
  out.printFields([
    ['Closed trades', num(s.totalTrades)],
    ['Open trades', num(s.openTrades)],
    ['Wins / losses / breakeven', `${s.wins} / ${s.losses} / ${s.breakeven}`],
    ['Win rate', pct(s.winRate)],
    ['Total P&L', out.pnl(s.totalPnL, money(s.totalPnL))],
    ['Gross profit / loss', pair(money(s.grossProfit), money(s.grossLoss))],
    ['Fees and commissions', money(s.totalFees)],
    ['Profit factor', s.profitFactor === null ? `${NONE} (no losses)` : ratio(s.profitFactor)],
    ['Payoff ratio (avg win ÷ avg loss)', ratio(s.payoffRatio)],
    ['Expectancy (per trade)', out.pnl(s.expectancy, money(s.expectancy))],
    ['Average win / loss', pair(money(s.averageWin), money(s.averageLoss))],
    ['Largest win / loss', pair(money(s.largestWin), money(s.largestLoss))],
    ['Max drawdown', money(s.maxDrawdown)],
    ['Average R', rMultiple(s.averageR)],
    ['Average R of wins / losses', pair(rMultiple(s.averageWinR), rMultiple(s.averageLossR))],
    ['Std deviation of R', rMultiple(s.stdDevR)],
    ['SQN', ratio(s.sqn)],
    ['Longest win / loss streak', `${num(s.longestWinStreak)} / ${num(s.longestLossStreak)}`],
    ['Current streak', streak(s.currentStreak)],
    ['Average hold, wins / losses', pair(held(s.averageWinHoldingSeconds), held(s.averageLossHoldingSeconds))],
  ]);
}

/** `tj stats`. */
export async function stats(ctx: Context, opts: Opts): Promise<void> {
  const s = await (await ctx.client()).trades.statistics(analyticsFilter(ctx, opts));
  ctx.out.result(s, (v) => printStatistics(ctx.out, v));
}

/** Registers `tj stats`. */
export function registerStats(program: Command, io: Io): void {
  const cmd = addAnalyticsFilterOptions(
    program.command('stats').description('statistics of your closed trades: win rate, profit factor, expectancy, drawdown, R'),
  ).action(action(io, stats));
  examples(cmd, [
    'tj stats',
    'tj stats --instrument ES --from 2026-01-01',
    'tj stats --account U1234567 --setup breakout',
    'tj stats --json | jq .winRate',
  ]);
}
