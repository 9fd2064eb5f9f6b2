import { describe, expect, it } from 'vitest';
import { fillMarks, OPTION_REMOVALS, REMOVAL_EFFECTS } from '../../src/import/formats/parts/fill-marks.js';

describe('fillMarks: what a broker fill tells the position engine', () => {
  it('carries the order id as the order reference, none when blank or absent', () => {
    expect(fillMarks({ orderId: '9001', effect: 'open' })).toEqual({ orderRef: '9001' });
    expect(fillMarks({ orderId: '' })).toEqual({});
    expect(fillMarks({})).toEqual({});
  });

  it('turns the effects that take an option out into actions; open and close are trades', () => {
    expect(fillMarks({ effect: 'expired' })).toEqual({ action: 'expiry' });
    expect(fillMarks({ effect: 'assigned', orderId: '7' })).toEqual({ orderRef: '7', action: 'assignment' });
    expect(fillMarks({ effect: 'exercised' })).toEqual({ action: 'exercise' });
    expect(fillMarks({ effect: 'close' })).toEqual({});
  });

  it('reads an action back as the effect it came from', () => {
    for (const [effect, action] of Object.entries(OPTION_REMOVALS)) expect(REMOVAL_EFFECTS[action]).toBe(effect);
    expect(Object.keys(REMOVAL_EFFECTS).sort()).toEqual(['assignment', 'exercise', 'expiry']);
  });
});
