/**
 * Money is kept as integer micro-units (1e-6) wherever it is summed, so 10,000 results of
 * 0.1 add up to exactly 1000. Conversion happens only at the edges.
 */
export const MICROS = 1_000_000;

/** Converts an amount of money to integer micro-units, rounding half away from zero. */
export function toMicros(amount: number): number {
  const scaled = amount * MICROS;
  const rounded = Math.sign(scaled) * Math.round(Math.abs(scaled));
  return rounded === 0 ? 0 : rounded;
}

/** Converts integer micro-units back to an amount of money. */
export function fromMicros(micros: number): number {
  const v = micros / MICROS;
  return v === 0 ? 0 : v;
}

/** Rounds a derived figure (a ratio or percentage) to 8 decimals for stable output. */
export function round8(value: number): number {
  const v = Math.round(value * 1e8) / 1e8;
  return v === 0 ? 0 : v;
}
