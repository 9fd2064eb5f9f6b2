// Peak memory of a bench process.
//
//   maxRssBytes()   the process's true peak RSS so far (process.resourceUsage().maxRSS, KiB -> bytes);
//                   read it at the end of a child process to get one run's peak alone.

/** Peak resident set size of this process so far, in bytes. */
export function maxRssBytes() {
  return process.resourceUsage().maxRSS * 1024;
}
