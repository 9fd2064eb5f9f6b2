import type { Pagination, Trade } from '@tj/core';
import { clip, dateTime, money, NONE, num, plural, rMultiple } from '../output/format.js';
import type { Align, Output } from '../output/output.js';

const HEAD = ['ID', 'Entry time', 'Instrument', 'Dir', 'Size', 'Entry', 'Exit', 'Result', 'R', 'Status'];
const ALIGN: Align[] = ['left', 'left', 'left', 'left', 'right', 'right', 'right', 'right', 'right', 'left'];

/** Prints trades as a table, with the page line under it. */
export function printTradeTable(out: Output, trades: Trade[], tz: string, pagination?: Pagination): void {
  if (trades.length === 0) {
    out.line('No trades.');
  } else {
    const rows = trades.map((t) => [
      t.id,
      dateTime(t.entryTime, tz),
      t.instrument,
      t.direction,
      num(t.positionSize),
      num(t.entryPrice),
      num(t.exitPrice),
      out.pnl(t.result, money(t.result)),
      rMultiple(t.rMultiple),
      t.status,
    ]);
    out.printTable(HEAD, rows, ALIGN);
  }
  if (pagination && pagination.total > 0) {
    out.line(out.c.dim(`Page ${pagination.page} of ${pagination.pages} (${plural(pagination.total, 'trade')}; --page, --limit)`));
  }
}

/** Prints one trade, field by field. */
export function printTrade(out: Output, t: Trade, tz: string): void {
  out.printFields([
    ['ID', t.id],
    ['Instrument', t.instrument],
    ['Direction', t.direction],
    ['Status', t.status],
    ['Entry time', dateTime(t.entryTime, tz)],
    ['Entry price', num(t.entryPrice)],
    ['Size', num(t.positionSize)],
    ['Multiplier', num(t.multiplier)],
    ['Stop loss', num(t.stopLoss)],
    ['Take profit', num(t.takeProfit)],
    ['Exit time', dateTime(t.exitTime, tz)],
    ['Exit price', num(t.exitPrice)],
    ['Fees', money(t.fees)],
    ['Result', out.pnl(t.result, money(t.result))],
    ['R multiple', rMultiple(t.rMultiple)],
    ['Setup', t.setupType ?? NONE],
    ['Tags', t.tags.length > 0 ? t.tags.join(', ') : NONE],
    ['Notes', t.notes ? clip(t.notes, 200) : NONE],
  ]);
}
