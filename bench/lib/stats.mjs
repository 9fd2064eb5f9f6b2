// Timing and percentile helpers shared by the bench scripts.
//
//   nowMs()                      high-resolution clock in milliseconds (float)
//   percentile(sortedMs, p)      nearest-rank percentile (p in 0..100) of an ascending array
//   summarize(samplesMs)         { n, min, p50, p90, p99, max, mean } of raw samples (any order)
//   timeCalls(fn, { calls, warmup, onEach })
//                                awaits fn(i) `warmup` times untimed, then `calls` times timed;
//                                returns the samples in ms (onEach runs after each timed call, untimed)
//   timeOnce(fn)                 { ms, value } of one awaited call
//
// Figures are printed, never asserted: no test may depend on a time.

/** High-resolution clock in milliseconds. */
export function nowMs() {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** Nearest-rank percentile (p in 0..100) of an ascending array; NaN when empty. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** Summary of samples (ms): count, min, p50, p90, p99, max, mean. */
export function summarize(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const mean = s.length === 0 ? Number.NaN : s.reduce((a, b) => a + b, 0) / s.length;
  return {
    n: s.length,
    min: s[0] ?? Number.NaN,
    p50: percentile(s, 50),
    p90: percentile(s, 90),
    p99: percentile(s, 99),
    max: s[s.length - 1] ?? Number.NaN,
    mean,
  };
}

/** Calls `fn(i)` `warmup` times untimed, then `calls` times timed; returns the timed samples in ms. */
export async function timeCalls(fn, { calls, warmup = 0, onEach } = {}) {
  for (let i = 0; i < warmup; i++) await fn(i);
  const samples = [];
  for (let i = 0; i < calls; i++) {
    const t0 = nowMs();
    await fn(i);
    samples.push(nowMs() - t0);
    if (onEach) onEach(i);
  }
  return samples;
}

/** Time of one awaited call, with its value. */
export async function timeOnce(fn) {
  const t0 = nowMs();
  const value = await fn();
  return { ms: nowMs() - t0, value };
}
