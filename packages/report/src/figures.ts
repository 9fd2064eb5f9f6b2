/**
 * How each statistics figure is named and formatted; figures not listed here still show, by their
 * key. The one list of the figures' labels: the report and `tj stats` both print them.
 */
import { count, duration, money, NONE, pct, plain, ratio, rMultiple } from './format.js';

/** The formats a figure can take. */
export type FigureFormat = 'money' | 'count' | 'pct' | 'ratio' | 'r' | 'duration' | 'streak' | 'plain';

/** A figure's label, format and (for money) whether its sign colours it. */
export interface FigureSpec {
  label: string;
  format: FigureFormat;
  /** Money whose sign is its meaning (P&L): green above zero, red below. */
  signed?: boolean;
  /** Shown instead of the dash when the value is null. */
  whenNull?: string;
}

/** The statistics figures we know, in the order the report lists them. */
export const FIGURES: Record<string, FigureSpec> = {
  totalPnL: { label: 'Total P&L', format: 'money', signed: true },
  totalTrades: { label: 'Closed trades', format: 'count' },
  openTrades: { label: 'Open trades', format: 'count' },
  wins: { label: 'Wins', format: 'count' },
  losses: { label: 'Losses', format: 'count' },
  breakeven: { label: 'Breakeven', format: 'count' },
  winRate: { label: 'Win rate', format: 'pct' },
  profitFactor: { label: 'Profit factor', format: 'ratio', whenNull: '– (no losses)' },
  payoffRatio: { label: 'Payoff ratio (avg win ÷ avg loss)', format: 'ratio' },
  expectancy: { label: 'Expectancy per trade', format: 'money', signed: true },
  grossProfit: { label: 'Gross profit', format: 'money' },
  grossLoss: { label: 'Gross loss', format: 'money' },
  averageWin: { label: 'Average win', format: 'money' },
  averageLoss: { label: 'Average loss', format: 'money' },
  largestWin: { label: 'Largest win', format: 'money' },
  largestLoss: { label: 'Largest loss', format: 'money' },
  maxDrawdown: { label: 'Max drawdown', format: 'money' },
  averageR: { label: 'Average R', format: 'r' },
  averageWinR: { label: 'Average R of wins', format: 'r' },
  averageLossR: { label: 'Average R of losses', format: 'r' },
  stdDevR: { label: 'Standard deviation of R', format: 'r' },
  sqn: { label: 'SQN', format: 'ratio' },
  totalFees: { label: 'Fees and commissions', format: 'money' },
  longestWinStreak: { label: 'Longest win streak', format: 'count' },
  longestLossStreak: { label: 'Longest loss streak', format: 'count' },
  currentStreak: { label: 'Current streak', format: 'streak', signed: true },
  averageWinHoldingSeconds: { label: 'Average hold, wins', format: 'duration' },
  averageLossHoldingSeconds: { label: 'Average hold, losses', format: 'duration' },
};

/** The figures the summary shows as large cards, when present. */
export const HEADLINE = ['totalPnL', 'winRate', 'profitFactor', 'expectancy', 'maxDrawdown', 'averageR', 'totalTrades'];

/** The figures of the streaks section, when present. */
export const STREAKS = ['longestWinStreak', 'longestLossStreak', 'currentStreak'];

/** `someFigureName` as `Some figure name`. */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A figure's label: the known one, or one made from its key. */
export function figureLabel(key: string): string {
  return FIGURES[key]?.label ?? humanize(key);
}

/** The spec of a figure: the known one, or one made from its key and value. */
export function figureSpec(key: string, value: unknown): FigureSpec {
  const known = FIGURES[key];
  if (known) return known;
  const isCount = typeof value === 'number' && Number.isInteger(value) && !/pnl|profit|loss|win|fee|drawdown/i.test(key);
  return { label: humanize(key), format: isCount ? 'count' : 'plain' };
}

/** A signed streak length: `3 wins`, `2 losses`, `none` after a breakeven trade. */
function streak(v: number | null): string {
  if (v === null) return NONE;
  if (v === 0) return 'none';
  const n = Math.abs(v);
  return v > 0 ? `${count(n)} win${n === 1 ? '' : 's'}` : `${count(n)} loss${n === 1 ? '' : 'es'}`;
}

const FORMATTERS: Record<FigureFormat, (v: number | null) => string> = {
  money,
  count,
  pct,
  ratio,
  r: rMultiple,
  duration,
  streak,
  plain,
};

/** A figure's value as text. */
export function formatFigure(spec: FigureSpec, value: number | null): string {
  if (value === null && spec.whenNull) return spec.whenNull;
  return FORMATTERS[spec.format](value);
}
