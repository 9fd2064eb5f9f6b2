import { uuidv7Generator } from '@tj/core/internal';
import { describe, expect, it } from 'vitest';

describe('uuidv7Generator', () => {
  it('makes RFC 9562 version 7 ids carrying the clock time', () => {
    const ids = uuidv7Generator({ now: () => Date.parse('2026-11-20T14:30:00.123Z') });
    const id = ids.next();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16)).toBe(Date.parse('2026-11-20T14:30:00.123Z'));
  });

  it('keeps ids made in the same millisecond in creation order and unique', () => {
    const ids = uuidv7Generator({ now: () => 1_700_000_000_000 });
    const made = Array.from({ length: 10_000 }, () => ids.next());
    expect(new Set(made).size).toBe(made.length);
    expect([...made].sort()).toEqual(made);
  });

  it('never goes backwards when the clock does', () => {
    let t = 1_700_000_000_500;
    const ids = uuidv7Generator({ now: () => t });
    const a = ids.next();
    t -= 400;
    const b = ids.next();
    expect(b > a).toBe(true);
  });
});
