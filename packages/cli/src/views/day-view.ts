import type { JournalEntry } from '@tj/core';
import { dayKey, parseDayKey } from '@tj/core/calendar';
import { tradingDayClock } from '@tj/core/trading-day';
import type { Context } from '../context.js';
import { clip, money, num, pct, plural } from '../output/format.js';
import type { Output } from '../output/output.js';
import { isCalendarDate, localDateAndTime } from '../util/dates.js';
import { emotions, printJournalEntry } from './journal-view.js';
import { printTradeTable } from './trade-view.js';

/** The most trades a day view lists. */
const DAY_TRADES = 100;

/**
 * Today's trading day in `--tz`, by the user's trading day start (`tj settings`): after a 17:00
 * Chicago open it is already tomorrow's date.
 */
export async function tradingToday(ctx: Context): Promise<string> {
  const settings = await (await ctx.client()).settings.get();
  return dayKey(tradingDayClock(ctx.tz, settings.tradingDayStart).dayOf(Date.now()));
}

/** A day argument (`YYYY-MM-DD`, or `today` and `yesterday` as trading days) as a date, or undefined when it is something else. */
export async function dayArg(ctx: Context, text: string): Promise<string | undefined> {
  const t = text.trim().toLowerCase();
  if (t === 'today') return tradingToday(ctx);
  if (t === 'yesterday') return dayKey((parseDayKey(await tradingToday(ctx)) as number) - 1);
  return isCalendarDate(t) ? t : undefined;
}

/** The day (in `tz`) an instant falls on. */
export function dayOf(iso: string, tz: string): string {
  return localDateAndTime(Date.parse(iso), tz).date;
}

/** The journal entries dated `day` (daily, weekly and monthly). */
export async function journalOfDay(ctx: Context, day: string): Promise<JournalEntry[]> {
  return (await (await ctx.client()).journal.list({ dateFrom: day, dateTo: day, limit: 10 })).entries;
}

/** Journal entries in a few lines each, under a trade or a day. */
export function printJournalBrief(out: Output, day: string, entries: JournalEntry[]): void {
  if (entries.length === 0) {
    out.line(out.c.dim(`No journal entry for ${day} (tj journal add --date ${day}).`));
    return;
  }
  for (const e of entries) {
    out.line(`${out.c.bold(`Journal, ${e.type}, ${e.date}`)}  ${emotions(e.emotionalState)}`);
    for (const [label, text] of [
      ['Pre-market', e.premarketAnalysis],
      ['Plan', e.tradingPlan],
      ['Review', e.postmarketReview],
    ] as const) {
      if (text) out.line(`  ${label}: ${clip(text, 200)}`);
    }
    for (const lesson of e.lessonsLearned) out.line(`  • ${lesson}`);
  }
}

/** `tj journal show DAY`: the day's journal entries, the trades entered that day and their figures. */
export async function showDay(ctx: Context, day: string): Promise<void> {
  const client = await ctx.client();
  // The day is a trading day: the service reads a date in tz from the user's trading day start.
  const range = { dateFrom: day, dateTo: day, tz: ctx.tz };
  const [journal, trades, statistics] = await Promise.all([
    client.journal.list({ dateFrom: day, dateTo: day, limit: 10 }),
    client.trades.list({ ...range, limit: DAY_TRADES }),
    client.trades.statistics(range),
  ]);
  const data = { date: day, tz: ctx.tz, statistics, trades: trades.trades, entries: journal.entries };
  await ctx.out.resultAsync(data, async (d) => {
    const { out } = ctx;
    const s = d.statistics;
    out.line(out.c.bold(`${day} (${ctx.tz})`));
    const open = s.openTrades > 0 ? `, ${num(s.openTrades)} still open` : '';
    out.line(
      `${plural(s.totalTrades, 'closed trade')}${open} · P&L ${out.pnl(s.totalPnL, money(s.totalPnL))} · win rate ${pct(s.winRate)}`,
    );
    out.line();
    if (d.trades.length === 0) out.line(`No trades entered on ${day}.`);
    else {
      const more = trades.pagination.total > DAY_TRADES ? trades.pagination : undefined;
      printTradeTable(out, d.trades, ctx.tz, more);
    }
    out.line();
    if (d.entries.length === 0) printJournalBrief(out, day, []);
    for (const e of d.entries) printJournalEntry(out, e, ctx.tz);
  });
}
