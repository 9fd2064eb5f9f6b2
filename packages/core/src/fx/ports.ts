/** One reference rate: on `date` (YYYY-MM-DD), 1 `base` is worth `rate` `quote` (a decimal text, exact). */
export interface FxRate {
  date: string;
  base: string;
  quote: string;
  rate: string;
}

/** What a provider is asked for: its rates of `currencies` on the days `from` … `to` (inclusive, YYYY-MM-DD). */
export interface FxRateRequest {
  from: string;
  to: string;
  /** ISO 4217 codes; the provider's own base (EUR for the ECB) may be among them and is left out. */
  currencies: readonly string[];
}

/**
 * A source of FX reference rates over the network (the European Central Bank's, say): the port
 * core fetches rates through. Days the provider publishes nothing for (weekends, holidays) are
 * simply absent from the answer; an empty range is an empty array, not an error.
 */
export interface FxRateProvider {
  /** The provider's short name, stored as each rate's source (`ecb`). */
  readonly name: string;
  /** The published rates of the request; throws a provider error (providers/errors.ts) on failure. */
  rates(request: FxRateRequest, signal?: AbortSignal): Promise<FxRate[]>;
}
