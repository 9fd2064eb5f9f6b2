// Memory sampling shared by the bench scripts.
//
//   createRssSampler({ intervalMs = 20 })
//     -> { sample(), phase(name, fn), phases(), stop() }
//     Samples process.memoryUsage().rss on a timer and whenever sample() is called (call it inside
//     long synchronous loops: a blocked event loop starves the timer). phase(name, fn) awaits fn()
//     and records { name, startRss, peakRss } (bytes) for it; phases() lists them in order.
//   maxRssBytes()   the process's true peak RSS so far (process.resourceUsage().maxRSS, KiB -> bytes);
//                   read it at the end of a child process to get one database's peak alone.
//   mb(bytes)       bytes -> MiB (number)

/** Bytes as MiB. */
export function mb(bytes) {
  return bytes / (1024 * 1024);
}

/** Peak resident set size of this process so far, in bytes. */
export function maxRssBytes() {
  return process.resourceUsage().maxRSS * 1024;
}

/** Samples RSS on a timer and on demand, keeping the peak of each named phase. */
export function createRssSampler({ intervalMs = 20 } = {}) {
  const done = [];
  let current;
  const sample = () => {
    if (!current) return;
    const rss = process.memoryUsage.rss();
    if (rss > current.peakRss) current.peakRss = rss;
  };
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    sample,
    async phase(name, fn) {
      const rss = process.memoryUsage.rss();
      current = { name, startRss: rss, peakRss: rss };
      try {
        return await fn();
      } finally {
        sample();
        done.push(current);
        current = undefined;
      }
    },
    phases: () => done.map((p) => ({ ...p })),
    stop: () => clearInterval(timer),
  };
}
