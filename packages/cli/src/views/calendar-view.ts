import type { Calendar } from '@tj/core';
import { parseDayKey, weekdayIndex } from '@tj/core/calendar';
import { money, plural } from '../output/format.js';
import type { Align, Output } from '../output/output.js';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** P&L without cents, signed: `+1,250`, `-80`. */
function compact(value: number): string {
  const whole = Math.round(value).toLocaleString('en-US');
  return value > 0 ? `+${whole}` : whole;
}

/**
 * Prints a month as a Monday-first grid: each day's number (`J` when it has a daily journal
 * entry), and under it the P&L and the trade count of days with trades.
 */
export function printCalendar(out: Output, cal: Calendar): void {
  out.line(out.c.bold(`${cal.month}: ${plural(cal.trades, 'trade')}, P&L ${out.pnl(cal.totalPnL, money(cal.totalPnL))}`));
  const first = cal.days[0];
  if (first === undefined) return;
  const lead = weekdayIndex(parseDayKey(first.date) as number);
  const cells: string[] = Array.from({ length: lead }, () => '');
  for (const d of cal.days) {
    const head = `${Number(d.date.slice(8))}${d.hasJournalEntry ? ' J' : ''}`;
    cells.push(d.trades === 0 ? head : `${head}\n${out.pnl(d.totalPnL, compact(d.totalPnL))} (${d.trades})`);
  }
  while (cells.length % 7 !== 0) cells.push('');
  const weeks: string[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  out.printTable(
    WEEKDAYS,
    weeks,
    WEEKDAYS.map((): Align => 'right'),
  );
  out.line(out.c.dim('P&L (trades) by trading day; J: a daily journal entry (tj journal show DAY).'));
}
