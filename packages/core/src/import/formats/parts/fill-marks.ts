/**
 * What a broker fill tells the position engine besides its trade: the order (or combo) that
 * grouped it, and whether it is an option leaving the account by expiry, assignment or exercise.
 */
import type { Fill } from '../own/fills-csv.js';
import type { BrokerFill, PositionEffect } from '../types.js';

/** The fill action of each effect that takes an option out of the account (at a price of 0). */
export const OPTION_REMOVALS: Readonly<Partial<Record<PositionEffect, NonNullable<Fill['action']>>>> = {
  expired: 'expiry',
  assigned: 'assignment',
  exercised: 'exercise',
};

/** The effect of each fill action: a fill's `action` as a broker fill says it. */
export const REMOVAL_EFFECTS: Readonly<Record<NonNullable<Fill['action']>, PositionEffect>> = {
  expiry: 'expired',
  assignment: 'assigned',
  exercise: 'exercised',
};

/**
 * A broker fill's order reference (its `orderId`) and action (from an `expired`, `assigned` or
 * `exercised` effect, which readers set on option rows only), as a {@link Fill} carries them;
 * neither key when the file says nothing.
 *
 * @example fillMarks({ orderId: '8001', effect: 'expired' }) // { orderRef: '8001', action: 'expiry' }
 */
export function fillMarks(f: Pick<BrokerFill, 'orderId' | 'effect'>): Pick<Fill, 'orderRef' | 'action'> {
  const marks: Pick<Fill, 'orderRef' | 'action'> = {};
  if (f.orderId !== undefined && f.orderId !== '') marks.orderRef = f.orderId;
  const action = f.effect === undefined ? undefined : OPTION_REMOVALS[f.effect];
  if (action !== undefined) marks.action = action;
  return marks;
}
