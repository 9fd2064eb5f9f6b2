import type { ClosedTradeFact } from '../../src/analytics/index.js';
import { toMicros } from '../../src/shared/money.js';

let seq = 0;

/** A closed-trade fact exiting at `exit` (entered a minute before) with a result in money. */
export function at(exit: string, result: number, rMultiple: number | null = null): ClosedTradeFact {
  const t = Date.parse(exit);
  return {
    id: `t${++seq}`,
    instrument: 'ES',
    setupType: null,
    tags: [],
    account: null,
    assetClass: null,
    strategy: null,
    entryTime: t - 60_000,
    exitTime: t,
    resultMicros: toMicros(result),
    feesMicros: 0,
    rMultiple,
  };
}
