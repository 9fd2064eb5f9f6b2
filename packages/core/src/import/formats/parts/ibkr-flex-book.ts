/**
 * The executions of an IBKR Flex file: one per account + ExecID (a repeated or re-booked row
 * replaces the one it corrects; a cancellation removes it), the EXECUTION level preferred over
 * ORDER, CLOSED_LOT and summaries left out, CASH (currency conversions) skipped with a warning.
 */
import type { BrokerFill, BrokerRecord } from '../types.js';
import { type Cancelled, cancelledBy, categoryOf, type FlexRow, flexFill, isCancellation, levelOf } from './ibkr-flex-rows.js';
import { ibkrAssetClass } from './ibkr-values.js';

/**
 * The executions of a Flex file, gathered whole (a cancellation may come after the row it
 * cancels, so nothing can be yielded before the end): keyed by account + ExecID, so repeated
 * and re-booked rows count once.
 */
export class FlexBook {
  private readonly executions = new Map<string, BrokerFill>();
  private readonly orders = new Map<string, BrokerFill>();
  private readonly out: BrokerRecord[] = [];
  private readonly skippedClasses = new Set<string>();
  private unkeyed = 0;

  /** Takes one row (`account` for rows without their own, e.g. an XML statement's accountId). */
  add(row: FlexRow, account = ''): void {
    const level = levelOf(row);
    if (level !== '' && level !== 'EXECUTION' && level !== 'ORDER') return;
    const category = categoryOf(row);
    if (ibkrAssetClass(category) === null) {
      if (!this.skippedClasses.has(category)) {
        this.skippedClasses.add(category);
        this.out.push({
          kind: 'warning',
          line: row.line,
          message: `${category} trades are not imported (this and any further ones are skipped)`,
        });
      }
      return;
    }
    const book = level === 'ORDER' ? this.orders : this.executions;
    if (isCancellation(row)) this.cancel(book, cancelledBy(row, account), row.line);
    else {
      const fill = flexFill(row, account, category);
      book.set(fill.execId === undefined ? `#${this.unkeyed++}` : `${fill.account}\u0000${fill.execId}`, fill);
    }
  }

  /** Removes the execution a cancellation row cancels: the same ExecID, else the same account, symbol, time, quantity and price. */
  private cancel(book: Map<string, BrokerFill>, c: Cancelled, line: number): void {
    if (c.execId !== '' && book.delete(`${c.account}\u0000${c.execId}`)) return;
    const match = [...book].findLast(
      ([, f]) =>
        f.account === c.account &&
        f.symbol === c.symbol &&
        f.quantity === c.quantity &&
        f.price === c.price &&
        JSON.stringify(f.time) === c.time,
    );
    if (match !== undefined) book.delete(match[0]);
    else
      this.out.push({
        kind: 'warning',
        line,
        message: `cancels a ${c.symbol} execution that is not in this file: nothing imported for it`,
      });
  }

  /** Warnings, then the executions (or, in a file without any, the orders). */
  records(): BrokerRecord[] {
    const useOrders = this.executions.size === 0;
    if (!useOrders && this.orders.size > 0) {
      const first = [...this.orders.values()][0] as BrokerFill;
      this.out.push({
        kind: 'warning',
        line: first.line,
        message: `${this.orders.size} ORDER rows are not imported: the EXECUTION rows of the same trades are`,
      });
    }
    return [...this.out, ...(useOrders ? this.orders : this.executions).values()];
  }
}
