import type { Command } from 'commander';
import type { Statistics } from '@tj/core';
import { action, examples, type Opts } from '../command-kit.js';
import type { Context, Io } from '../context.js';
import { money, NONE, num, pct, ratio, rMultiple } from '../output/format.js';
import type { Output } from '../output/output.js';
import { addAnalyticsFilterOptions, analyticsFilter } from './trades.js';

/** Prints the statistics figures as a two-column table. */
export function printStatistics(out: Output, s: Statistics): void {
  out.printFields([
    ['Closed trades', num(s.totalTrades)],
    ['Open trades', num(s.openTrades)],
    ['Wins / losses / breakeven', `${s.wins} / ${s.losses} / ${s.breakeven}`],
    ['Win rate', pct(s.winRate)],
    ['Total P&L', out.pnl(s.totalPnL, money(s.totalPnL))],
    ['Gross profit', money(s.grossProfit)],
    ['Gross loss', money(s.grossLoss)],
    ['Profit factor', s.profitFactor === null ? `${NONE} (no losses)` : ratio(s.profitFactor)],
    ['Expectancy (per trade)', out.pnl(s.expectancy, money(s.expectancy))],
    ['Average win', money(s.averageWin)],
    ['Average loss', money(s.averageLoss)],
    ['Largest win', money(s.largestWin)],
    ['Largest loss', money(s.largestLoss)],
    ['Max drawdown', money(s.maxDrawdown)],
    ['Average R', rMultiple(s.averageR)],
    ['Longest win streak', num(s.longestWinStreak)],
    ['Longest loss streak', num(s.longestLossStreak)],
  ]);
}

/** `tj stats`. */
export async function stats(ctx: Context, opts: Opts): Promise<void> {
  const s = await (await ctx.backend()).trades.statistics(analyticsFilter(ctx, opts));
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
