/**
 * The option strategy of a position's opening legs: a pure classification by the legs' rights,
 * strikes, expiries and signed sizes (docs/analytics.md, "Option strategies").
 */
import type { AssetClass, OptionRight, Strategy } from '@tj/schemas';

/** One leg of a position as it was opened: its net signed quantity (positive long, negative short). */
export interface LegShape {
  assetClass: AssetClass | null;
  right: OptionRight | null;
  strike: number | null;
  expiry: string | null;
  quantity: number;
  multiplier: number;
}

/** An option leg with every detail known; `size` is the signed quantity × multiplier, in 1e-8 units. */
interface OptionLeg {
  right: OptionRight;
  strike: number;
  expiry: string;
  size: number;
}

const SCALE = 1e8;

/** Signed quantity × multiplier as an integer of 1e-8 units, so equal sizes compare exactly. */
function sizeOf(leg: LegShape): number {
  return Math.round(leg.quantity * leg.multiplier * SCALE);
}

/** True for an option leg: asset class option, or a right without a class. */
function isOption(leg: LegShape): boolean {
  return leg.assetClass === 'option' || (leg.assetClass === null && leg.right !== null);
}

/** The leg as an {@link OptionLeg}, or undefined when a detail is missing. */
function optionLeg(leg: LegShape): OptionLeg | undefined {
  if (leg.right === null || leg.strike === null || leg.expiry === null) return undefined;
  return { right: leg.right, strike: leg.strike, expiry: leg.expiry, size: sizeOf(leg) };
}

/** Two legs of equal size on opposite sides. */
const opposite = (a: OptionLeg, b: OptionLeg): boolean => a.size === -b.size;
/** Two legs of equal size on the same side. */
const same = (a: OptionLeg, b: OptionLeg): boolean => a.size === b.size;

/** vertical, calendar, straddle or strangle; null when two options are none of them. */
function twoOptions(a: OptionLeg, b: OptionLeg): Strategy | null {
  if (a.right === b.right) {
    if (!opposite(a, b)) return null;
    if (a.expiry === b.expiry && a.strike !== b.strike) return 'vertical';
    if (a.expiry !== b.expiry && a.strike === b.strike) return 'calendar';
    return null;
  }
  if (a.expiry !== b.expiry || !same(a, b)) return null;
  return a.strike === b.strike ? 'straddle' : 'strangle';
}

/** A butterfly of one right and expiry: strikes equidistant, sizes 1:-2:1 or -1:2:-1. */
function threeOptions(legs: OptionLeg[]): Strategy | null {
  const [low, mid, high] = [...legs].sort((x, y) => x.strike - y.strike) as [OptionLeg, OptionLeg, OptionLeg];
  if (low.right !== mid.right || mid.right !== high.right) return null;
  if (low.expiry !== mid.expiry || mid.expiry !== high.expiry) return null;
  if (low.strike === mid.strike || mid.strike === high.strike) return null;
  if (Math.abs(mid.strike - low.strike - (high.strike - mid.strike)) > 1e-9) return null;
  return low.size === high.size && mid.size === -2 * low.size ? 'butterfly' : null;
}

/**
 * An iron condor (a put vertical below a call vertical, both credit or both debit) or, when the
 * two inner strikes meet, an iron butterfly ('butterfly'); every leg of one expiry and size.
 */
function fourOptions(legs: OptionLeg[]): Strategy | null {
  const expiry = (legs[0] as OptionLeg).expiry;
  if (legs.some((l) => l.expiry !== expiry)) return null;
  const byStrike = (x: OptionLeg, y: OptionLeg) => x.strike - y.strike;
  const puts = legs.filter((l) => l.right === 'put').sort(byStrike);
  const calls = legs.filter((l) => l.right === 'call').sort(byStrike);
  if (puts.length !== 2 || calls.length !== 2) return null;
  const [outerPut, innerPut] = puts as [OptionLeg, OptionLeg];
  const [innerCall, outerCall] = calls as [OptionLeg, OptionLeg];
  if (outerPut.strike === innerPut.strike || innerCall.strike === outerCall.strike) return null;
  // Both verticals credit (short inner legs) or both debit (long inner legs), all of one size.
  if (!opposite(outerPut, innerPut) || !opposite(innerCall, outerCall) || !same(innerPut, innerCall)) return null;
  if (innerPut.strike < innerCall.strike) return 'iron condor';
  return innerPut.strike === innerCall.strike ? 'butterfly' : null;
}

/** A covered call: long stock and short calls of the same size (shares = contracts × multiplier). */
function coveredCall(stock: LegShape, calls: readonly LegShape[]): Strategy | null {
  if (stock.assetClass !== 'stock' || stock.quantity <= 0 || calls.length !== 1) return null;
  const call = calls[0] as LegShape;
  if (!isOption(call) || call.right !== 'call' || call.quantity >= 0) return null;
  return sizeOf(stock) === -sizeOf(call) ? 'covered call' : null;
}

/**
 * The strategy of a position's opening legs (legs of the same instrument already netted):
 * vertical, straddle, strangle, calendar, iron condor, butterfly (iron butterfly too) or covered
 * call by the rules of docs/analytics.md, "Option strategies"; `custom` for any other set of two
 * or more legs with an option; null for a single leg or for legs without an option. Legs of
 * quantity 0 are left out.
 *
 * @example strategyOf([{ assetClass: 'option', right: 'call', strike: 570, expiry: '2026-04-17', quantity: 2, multiplier: 100 },
 *   { assetClass: 'option', right: 'call', strike: 575, expiry: '2026-04-17', quantity: -2, multiplier: 100 }]) // 'vertical'
 */
export function strategyOf(legs: readonly LegShape[]): Strategy | null {
  const open = legs.filter((l) => sizeOf(l) !== 0);
  if (open.length < 2 || !open.some(isOption)) return null;
  const options = open.filter(isOption);
  if (options.length < open.length) {
    const others = open.filter((l) => !isOption(l));
    return (others.length === 1 && coveredCall(others[0] as LegShape, options)) || 'custom';
  }
  const shaped = options.map(optionLeg);
  if (shaped.some((l) => l === undefined)) return 'custom';
  const known = shaped as OptionLeg[];
  const found =
    known.length === 2
      ? twoOptions(known[0] as OptionLeg, known[1] as OptionLeg)
      : known.length === 3
        ? threeOptions(known)
        : known.length === 4
          ? fourOptions(known)
          : null;
  return found ?? 'custom';
}
