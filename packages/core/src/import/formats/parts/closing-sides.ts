/**
 * Rows that close a position without saying which way (option expirations and assignments in
 * tastytrade and Robinhood files): they take the side that closes what the earlier rows opened.
 */
import { QUANTITY_SCALE } from '../../values/quantity.js';
import type { BrokerFill, BrokerRecord } from '../types.js';

/** A fill that may lack its side: an expiration, assignment or exercise row. */
export type MaybeSidedFill = Omit<BrokerFill, 'side'> & { side?: BrokerFill['side'] };

/** A warning as readers yield it. */
export type WarningRecord = Extract<BrokerRecord, { kind: 'warning' }>;

const EVENT: Record<string, string> = { expired: 'expiration', assigned: 'assignment', exercised: 'exercise' };

/**
 * Gives each sideless fill the side that closes the open position of its account and symbol, as
 * built by the fills before it (`fills` must be in time order), and no more than that position's
 * size. A sideless fill with nothing open in the file (the position was opened before the file
 * starts) is left out with a warning, as is the part of one larger than what is open.
 *
 * @example closingSides([bto, oexp]) // oexp gets side 'sell'
 */
export function closingSides(fills: readonly MaybeSidedFill[]): BrokerRecord[] {
  const open = new Map<string, number>();
  const out: BrokerRecord[] = [];
  for (const f of fills) {
    const key = `${f.account ?? ''}\u0000${f.symbol}`;
    const held = open.get(key) ?? 0;
    const units = Math.round(f.quantity * QUANTITY_SCALE);
    let fill: BrokerFill;
    if (f.side !== undefined) {
      fill = f as BrokerFill;
    } else {
      const event = EVENT[f.effect ?? ''] ?? 'closing row';
      if (held === 0) {
        out.push({
          kind: 'warning',
          line: f.line,
          message: `the ${event} of ${f.symbol} closes no position opened in this file: left out`,
        });
        continue;
      }
      const closing = Math.min(units, Math.abs(held));
      if (closing < units) {
        const extra = (units - closing) / QUANTITY_SCALE;
        out.push({
          kind: 'warning',
          line: f.line,
          message: `the ${event} of ${f.symbol} is ${extra} more than the open position: that part is left out`,
        });
      }
      fill = { ...f, side: held > 0 ? 'sell' : 'buy', quantity: closing / QUANTITY_SCALE };
    }
    const signed = Math.round(fill.quantity * QUANTITY_SCALE) * (fill.side === 'buy' ? 1 : -1);
    open.set(key, held + signed);
    out.push(fill);
  }
  return out;
}
