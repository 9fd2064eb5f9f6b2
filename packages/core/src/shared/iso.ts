const DAY = 86_400_000;
const prefixes = new Map<number, string>();

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * `new Date(ms).toISOString()`, several times faster for the many timestamps of a page of
 * records: the `YYYY-MM-DDT` part is cached per day, the time part is plain arithmetic.
 *
 * @example isoUtc(0) // '1970-01-01T00:00:00.000Z'
 */
export function isoUtc(ms: number): string {
  const day = Math.floor(ms / DAY);
  let prefix = prefixes.get(day);
  if (prefix === undefined) {
    if (prefixes.size >= 4096) prefixes.clear();
    prefix = new Date(day * DAY).toISOString().slice(0, 11);
    if (prefix.length !== 11) return new Date(ms).toISOString();
    prefixes.set(day, prefix);
  }
  const t = ms - day * DAY;
  const h = Math.floor(t / 3_600_000);
  const m = Math.floor((t % 3_600_000) / 60_000);
  const s = Math.floor((t % 60_000) / 1000);
  return `${prefix}${pad2(h)}:${pad2(m)}:${pad2(s)}.${pad3(t % 1000)}Z`;
}
