import type { ByCategory, Dashboard, EquityCurve, Performance, RDistribution } from '@tj/core';
import { blockChart, horizontalBars } from '../output/charts.js';
import { money, num, pct, plural, ratio, rMultiple } from '../output/format.js';
import type { Align, Output } from '../output/output.js';

type PeriodRow = Dashboard['recentPerformance']['daily'][number] & { cumulativePnL?: number; averageR?: number | null };

/** Prints per-period performance (dashboard or performance), with cumulative columns when present. */
export function printPeriods(out: Output, rows: PeriodRow[]): void {
  const cumulative = rows.some((r) => r.cumulativePnL !== undefined);
  const head = ['Period', 'Trades', 'Wins', 'Losses', 'Win rate', 'P&L', ...(cumulative ? ['Cumulative', 'Avg R'] : [])];
  const align: Align[] = ['left', ...head.slice(1).map((): Align => 'right')];
  out.printTable(
    head,
    rows.map((r) => [
      r.period,
      num(r.trades),
      num(r.wins),
      num(r.losses),
      r.trades === 0 ? '-' : pct(r.winRate),
      out.pnl(r.totalPnL, money(r.totalPnL)),
      ...(cumulative ? [out.pnl(r.cumulativePnL, money(r.cumulativePnL)), rMultiple(r.averageR)] : []),
    ]),
    align,
  );
}

/** Prints the dashboard summary as one table row. */
export function printSummary(out: Output, s: Dashboard['summary']): void {
  const head = ['Trades', 'Win rate', 'Profit factor', 'Total P&L', 'Average R', 'Max drawdown'];
  const row = [
    num(s.totalTrades),
    pct(s.winRate),
    ratio(s.profitFactor),
    out.pnl(s.totalPnL, money(s.totalPnL)),
    rMultiple(s.averageR),
    money(s.maxDrawdown),
  ];
  out.printTable(
    head,
    [row],
    head.map((): Align => 'right'),
  );
}

/** Prints an equity curve as a block chart with its first and last dates under it. */
export function printEquityChart(out: Output, curve: EquityCurve, height = 8): void {
  const points = curve.dataPoints;
  if (points.length === 0) {
    out.line('No closed trades yet: no equity curve.');
    return;
  }
  const width = Math.max(10, Math.min(120, out.width() - 16));
  const rows = blockChart(
    points.map((p) => p.equity),
    { width, height, label: (v) => money(v) },
  );
  for (const r of rows) out.line(out.c.cyan(r));
  const pad = (rows[0]?.indexOf('│') ?? 0) + 1;
  const first = points[0]?.date ?? '';
  const last = points[points.length - 1]?.date ?? '';
  const span = Math.min(width, points.length);
  const tail = points.length > 1 ? last.padStart(Math.max(last.length + 1, span - first.length)) : '';
  out.line(`${' '.repeat(pad)}${first}${tail}`);
}

/** Prints the by-category breakdown. */
export function printCategories(out: Output, data: ByCategory): void {
  const head = [data.category, 'Trades', 'Wins', 'Losses', 'Win rate', 'P&L', 'Profit factor', 'Avg R'];
  out.printTable(
    head,
    data.categories.map((c) => [
      c.name,
      num(c.trades),
      num(c.wins),
      num(c.losses),
      pct(c.winRate),
      out.pnl(c.totalPnL, money(c.totalPnL)),
      ratio(c.profitFactor),
      rMultiple(c.averageR),
    ]),
    ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
  );
}

/** Prints the R-multiple distribution as a histogram of horizontal bars. */
export function printRDistribution(out: Output, data: RDistribution): void {
  if (data.count === 0) {
    out.line('No closed trades with a stop loss: no R multiples yet.');
    return;
  }
  out.line(
    `${plural(data.count, 'trade')} with an R multiple, average ${rMultiple(data.averageR)}, median ${rMultiple(data.medianR)}`,
  );
  const fmt = (n: number) => (n >= 0 ? ` ${n.toFixed(2)}` : n.toFixed(2));
  const bars = data.buckets.map((b) => ({ label: `[${fmt(b.from)}R, ${fmt(b.to)}R)`, value: b.count }));
  const width = Math.max(10, Math.min(60, out.width() - 30));
  for (const [i, line] of horizontalBars(bars, width).entries()) {
    const from = data.buckets[i]?.from ?? 0;
    out.line(from < 0 ? out.c.red(line) : out.c.green(line));
  }
}

/** Prints the performance answer. */
export function printPerformance(out: Output, data: Performance): void {
  if (data.data.length === 0) {
    out.line('No closed trades in this range.');
    return;
  }
  out.line(out.c.bold(`${data.period} performance, ${data.dateFrom} to ${data.dateTo}`));
  printPeriods(out, data.data);
}
