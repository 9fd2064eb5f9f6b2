import { parseFuturesContract } from '../instruments/catalogue.js';
import { barInstrumentKey } from './bar.js';

/** One bar series a trade may be measured on, in order of preference. */
export interface SeriesCandidate {
  /** The bars' instrument key (upper case). */
  instrumentKey: string;
  /** True for a futures contract's continuous series (its root), used only when the contract's own bars are missing. */
  continuous: boolean;
}

/** What picks a trade's bar series: its instrument and asset class. */
export interface SeriesSubject {
  instrument: string;
  assetClass: string | null;
}

/**
 * The bar series a trade is measured on, best first (docs/decisions.md, "Price bars"): a futures
 * contract (`ESZ6`) uses its own bars, else its continuous series (`ES`), said on the result; an
 * option uses only its own contract's bars, never the underlying's; anything else its instrument.
 *
 * @example seriesFor({ instrument: 'ESZ6', assetClass: 'future' }) // [{ instrumentKey: 'ESZ6', continuous: false }, { instrumentKey: 'ES', continuous: true }]
 */
export function seriesFor(trade: SeriesSubject): SeriesCandidate[] {
  const own: SeriesCandidate = { instrumentKey: barInstrumentKey(trade.instrument), continuous: false };
  if (trade.assetClass === 'option') return [own];
  const contract = parseFuturesContract(own.instrumentKey);
  if (contract === undefined || contract.root === own.instrumentKey) return [own];
  return [own, { instrumentKey: contract.root, continuous: true }];
}

/** True when a trade is an option: its excursion needs bars of its own contract. */
export function needsOwnContractBars(trade: SeriesSubject): boolean {
  return trade.assetClass === 'option';
}
