/**
 * `tj stats` names its figures as the HTML report does (`@tj/report`'s figure labels, the one
 * list): a figure on a line of its own under the report's label, and a pair of win and loss
 * figures under both labels with their shared words said once.
 */
import type { Statistics } from '@tj/core';
import { figureLabel } from '@tj/report';
import { describe, expect, it } from 'vitest';
import { printStatistics } from '../src/commands/stats.js';
import type { Output } from '../src/output/output.js';

const STATS = {
  totalTrades: 3,
  openTrades: 1,
  wins: 2,
  losses: 1,
  breakeven: 0,
  winRate: 66.66666667,
  totalPnL: 4,
  grossProfit: 9,
  grossLoss: -5,
  totalFees: 1,
  profitFactor: 1.8,
  payoffRatio: 0.9,
  expectancy: 1.33333333,
  averageWin: 4.5,
  averageLoss: -5,
  largestWin: 6,
  largestLoss: -5,
  maxDrawdown: 5,
  averageR: 0.5,
  averageWinR: 1,
  averageLossR: -0.5,
  stdDevR: 1,
  sqn: 0.8,
  longestWinStreak: 2,
  longestLossStreak: 1,
  currentStreak: -1,
  averageWinHoldingSeconds: 60,
  averageLossHoldingSeconds: 120,
} as Statistics;

describe('tj stats labels', () => {
  it('are the report’s figure labels, pairs joined on their shared words', () => {
    const labels: string[] = [];
    const out = {
      printFields: (rows: [string, string][]) => labels.push(...rows.map(([l]) => l)),
      pnl: (_v: number, t: string) => t,
    };
    printStatistics(out as unknown as Output, STATS);
    for (const key of ['totalTrades', 'winRate', 'profitFactor', 'payoffRatio', 'expectancy', 'maxDrawdown', 'stdDevR', 'sqn']) {
      expect(labels).toContain(figureLabel(key));
    }
    expect(figureLabel('averageWin')).toBe('Average win');
    expect(labels).toContain('Average win / loss');
    expect(labels).toContain('Wins / losses / breakeven');
    expect(labels).toContain('Longest win / loss streak');
    expect(labels).toContain('Average hold, wins / losses');
  });
});
