/**
 * A bounded LRU of analytics results. Keys carry the user's data version (which every trade
 * write bumps in its own transaction), so an entry can never be served after the data changed;
 * processes sharing a database each keep their own and stay correct. Callers get a copy.
 */
export function analyticsCache(capacity = 256) {
  const entries = new Map<string, unknown>();
  return {
    /** The cached result for `key`, or `compute()`'s, remembered. */
    async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      if (entries.has(key)) {
        const hit = entries.get(key);
        entries.delete(key);
        entries.set(key, hit);
        return structuredClone(hit) as T;
      }
      const value = await compute();
      entries.set(key, value);
      if (entries.size > capacity) entries.delete(entries.keys().next().value as string);
      return structuredClone(value);
    },
  };
}
