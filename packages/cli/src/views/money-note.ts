import type { FxReport } from '@tj/core';
import type { Output } from '../output/output.js';
import { plural } from '../output/format.js';

/** What an analytics answer says of its money: its currency, and what converting into it did. */
interface Money {
  currency: string | null;
  fx: FxReport | null;
}

/**
 * A line under an analytics answer naming the currency when trades were converted into it, and
 * a notice on stderr for each day whose trades were left out for want of a rate, saying how to
 * add it.
 */
export function printMoneyNote(out: Output, data: Money): void {
  if (data.fx === null || data.currency === null) return;
  out.line(out.c.dim(`Money in ${data.currency}; ${plural(data.fx.converted, 'trade')} converted from other currencies.`));
  for (const m of data.fx.missing) {
    out.note(
      `warning: ${plural(m.trades, 'trade')} of ${m.date} left out: no ${m.from}→${m.to} rate for that day (tj fx import FILE, or tj fx fetch --from ${m.date} --to ${m.date})`,
    );
  }
}
