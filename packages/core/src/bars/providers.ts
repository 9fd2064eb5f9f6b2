import type { OptionContract } from '../instruments/catalogue.js';
import type { Bar, TimeframeSeconds } from '../market/bar.js';

/**
 * What a bar provider is asked for: one series' bars starting in [from, to) (ms, UTC), with the
 * user's own key. The key is used for this request only: never stored, never logged, never put
 * in an error (docs/decisions.md, "Price bars: providers").
 */
export interface BarRequest {
  /** The instrument key the bars are stored under (`ESZ6`, `ES` for a continuous root, `AAPL`, an OCC symbol). */
  instrument: string;
  timeframe: TimeframeSeconds;
  from: number;
  to: number;
  /** The user's key for the provider (a secret). */
  apiKey: string;
  /** The option contract, when the instrument is one (from the trade's underlying, expiry, right and strike). */
  option?: OptionContract | undefined;
}

/** A provider's answer: the bars, and the end of the stretch it vouches for. */
export interface BarAnswer {
  /** The bars starting in [from, end), oldest first; quiet intervals have none. */
  bars: Bar[];
  /**
   * The end (exclusive, ms) of the stretch the answer is complete over: the request's `to`,
   * or earlier when the provider says its data ends before it (`from` when it has none yet).
   */
  end: number;
}

/**
 * A source of price bars over the network with the user's key (Databento, Polygon): the port
 * core fetches bars through. An empty stretch is an empty answer, not an error; failures are
 * provider errors (providers/errors.ts).
 */
export interface BarProvider {
  /** The provider's short name, the source recorded with the stretches it covers (`databento`). */
  readonly name: string;
  /** The asset classes whose trades it serves (`future`; `stock`, `option`): on-demand fetching skips other trades. */
  readonly assetClasses: readonly string[];
  /** The timeframes it serves, in seconds. */
  readonly timeframes: readonly TimeframeSeconds[];
  /** The bars of the request; throws a provider error on failure. */
  bars(request: BarRequest, signal?: AbortSignal): Promise<BarAnswer>;
}
