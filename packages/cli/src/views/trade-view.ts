import type { Pagination, Trade, TradeExecution } from '@tj/core';
import { shortId } from '@tj/core/ids';
import { pricesByInstrument } from '@tj/report';
import { clip, dateTime, money, NONE, num, pageLine, priceFormat, rMultiple } from '../output/format.js';
import type { Align, Output } from '../output/output.js';

const HEAD = ['ID', 'Entry time', 'Instrument', 'Dir', 'Size', 'Entry', 'Exit', 'Result', 'R', 'Status'];
/** Marks a result net of fees a commission schedule gave (`tj settings set --commission-…`). */
const SCHEDULED_MARK = '*';
const ALIGN: Align[] = ['left', 'left', 'left', 'left', 'right', 'right', 'right', 'right', 'right', 'left'];

/** Prints trades as a table (by short id), with the page line under it. */
export function printTradeTable(out: Output, trades: Trade[], tz: string, pagination?: Pagination): void {
  if (trades.length === 0) {
    out.line('No trades.');
  } else {
    const prices = pricesByInstrument(trades, NONE);
    const currency = trades[0]?.converted?.currency;
    const rows = trades.map((t) => {
      const price = prices.get(t.instrument) ?? num;
      const c = t.converted;
      // Asked in a currency: each trade's result in it, and the rate used (- for a day without one).
      const extra = c === undefined ? [] : [out.pnl(c.result, money(c.result)), c.rate ?? NONE];
      return [
        shortId(t.id),
        dateTime(t.entryTime, tz),
        t.strategy === null ? t.instrument : `${t.instrument} (${t.strategy})`,
        t.direction,
        num(t.positionSize),
        price(t.entryPrice),
        price(t.exitPrice),
        out.pnl(t.result, `${money(t.result)}${t.feesFromSchedule ? SCHEDULED_MARK : ''}`),
        ...extra,
        rMultiple(t.rMultiple),
        t.status,
      ];
    });
    if (currency === undefined) out.printTable(HEAD, rows, ALIGN);
    else
      out.printTable([...HEAD.slice(0, 8), currency, 'Rate', ...HEAD.slice(8)], rows, [
        ...ALIGN.slice(0, 8),
        'right',
        'right',
        ...ALIGN.slice(8),
      ]);
    if (trades.some((t) => t.feesFromSchedule))
      out.line(out.c.dim(`${SCHEDULED_MARK} fees from the commission schedule (the imported file stated none)`));
  }
  if (pagination && pagination.total > 0) {
    out.line(out.c.dim(pageLine(pagination, 'trade')));
  }
}

/** The strategy, underlying, expiry, strike and right rows, where the trade has them. */
function option(t: Trade): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  if (t.strategy !== null) rows.push(['Strategy', t.strategy]);
  if (t.underlying !== null) rows.push(['Underlying', t.underlying]);
  if (t.expiry !== null) rows.push(['Expiry', t.expiry]);
  if (t.strike !== null) rows.push(['Strike', num(t.strike)]);
  if (t.right !== null) rows.push(['Right', t.right]);
  return rows;
}

/** What an open trade's partial exits realized so far, where it has any. */
function realized(out: Output, t: Trade): Array<[string, string]> {
  if (t.partialExits.length === 0 || t.status === 'closed') return [];
  return [['Realized', out.pnl(t.realizedPnL, money(t.realizedPnL))]];
}

/** The partial exits a trade booked before its close, oldest first (nothing without any). */
export function printPartialExits(out: Output, t: Trade, tz: string): void {
  if (t.partialExits.length === 0) return;
  out.line();
  out.line(out.c.bold(`Partial exits (${t.partialExits.length})`));
  out.printTable(
    ['Time', 'Realized'],
    t.partialExits.map((p) => [dateTime(p.time, tz), out.pnl(p.realizedPnL, money(p.realizedPnL))]),
    ['left', 'right'],
  );
}

/** Prints one trade, field by field. */
export function printTrade(out: Output, t: Trade, tz: string): void {
  const price = priceFormat([t.entryPrice, t.stopLoss, t.takeProfit, t.exitPrice]);
  out.printFields([
    ['ID', `${shortId(t.id)} · ${t.id}`],
    ['Instrument', t.instrument],
    ['Direction', t.direction],
    ['Status', t.status],
    ['Entry time', dateTime(t.entryTime, tz)],
    ['Entry price', price(t.entryPrice)],
    ['Size', num(t.positionSize)],
    ['Multiplier', num(t.multiplier)],
    ['Stop loss', price(t.stopLoss)],
    ['Take profit', price(t.takeProfit)],
    ['Exit time', dateTime(t.exitTime, tz)],
    ['Exit price', price(t.exitPrice)],
    ['Fees', t.feesFromSchedule ? `${money(t.fees)} (commission schedule)` : money(t.fees)],
    ['Result', out.pnl(t.result, money(t.result))],
    ...realized(out, t),
    ['R multiple', rMultiple(t.rMultiple)],
    ['Account', t.account ?? NONE],
    ['Asset class', t.assetClass ?? NONE],
    ['Currency', t.currency ?? NONE],
    ...option(t),
    ['Setup', t.setupType ?? NONE],
    ['Tags', t.tags.length > 0 ? t.tags.join(', ') : NONE],
    ['Notes', t.notes ? clip(t.notes, 200) : NONE],
  ]);
}

/** The executions a trade was built from, oldest first (nothing when it has none). */
export function printExecutions(out: Output, executions: readonly TradeExecution[] | undefined, tz: string): void {
  if (executions === undefined || executions.length === 0) return;
  out.line();
  out.line(out.c.bold(`Executions (${executions.length})`));
  const price = priceFormat(executions.map((e) => e.price));
  // A position of several legs names each execution's leg.
  const legs = new Set(executions.map((e) => e.instrument)).size > 1;
  out.printTable(
    [...(legs ? ['Leg'] : []), 'Time', 'Side', 'Qty', 'Price', 'Commission', 'Fees', 'Exec id'],
    executions.map((e) => [
      ...(legs ? [e.instrument] : []),
      dateTime(e.time, tz),
      e.action === 'trade' ? e.side : `${e.side} (${e.action})`,
      num(e.quantity),
      price(e.price),
      money(e.commission),
      money(e.fees),
      e.execId ?? NONE,
    ]),
    [...(legs ? (['left'] as const) : []), 'left', 'left', 'right', 'right', 'right', 'right', 'left'],
  );
}
