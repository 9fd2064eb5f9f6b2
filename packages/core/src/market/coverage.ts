/**
 * Which parts of a stretch of time a series' recorded stretches (bar_ranges) leave uncovered: what
 * a fetch still has to ask a provider for ("never fetched twice").
 */

/** A stretch of time [from, to), ms. */
export interface Stretch {
  from: number;
  to: number;
}

/**
 * The parts of [from, to) no stretch of `covered` covers, oldest first.
 *
 * @example uncovered([{ from: 10, to: 20 }], 0, 30) // [{ from: 0, to: 10 }, { from: 20, to: 30 }]
 */
export function uncovered(covered: readonly Stretch[], from: number, to: number): Stretch[] {
  const gaps: Stretch[] = [];
  let at = from;
  for (const s of [...covered].sort((a, b) => a.from - b.from)) {
    if (s.to <= at) continue;
    if (s.from >= to) break;
    if (s.from > at) gaps.push({ from: at, to: s.from });
    at = Math.max(at, s.to);
    if (at >= to) break;
  }
  if (at < to) gaps.push({ from: at, to });
  return gaps;
}

/**
 * Stretches merged where they overlap or touch, oldest first.
 *
 * @example merged([{ from: 0, to: 10 }, { from: 5, to: 20 }, { from: 30, to: 40 }]) // [{ from: 0, to: 20 }, { from: 30, to: 40 }]
 */
export function merged(stretches: readonly Stretch[]): Stretch[] {
  const out: Stretch[] = [];
  for (const s of [...stretches].sort((a, b) => a.from - b.from)) {
    const last = out[out.length - 1];
    if (last !== undefined && s.from <= last.to) last.to = Math.max(last.to, s.to);
    else out.push({ from: s.from, to: s.to });
  }
  return out;
}

/** `ms` rounded down to a multiple of `step` ms. */
export const floorTo = (ms: number, step: number): number => Math.floor(ms / step) * step;
/** `ms` rounded up to a multiple of `step` ms. */
export const ceilTo = (ms: number, step: number): number => Math.ceil(ms / step) * step;
