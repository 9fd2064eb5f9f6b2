/** A value is read once: what parseInput produced is not read again by the same schema, and is by another. */
import { parseInput } from '@tj/core/internal';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';

describe('parseInput', () => {
  const list = z.strictObject({ ids: z.string().transform((s) => s.split(',')), page: z.coerce.number().default(1) });

  it('answers a value it produced with the same schema as it is, and reads anything else', () => {
    const once = parseInput(list, { ids: 'a,b' });
    expect(once).toEqual({ ids: ['a', 'b'], page: 1 });
    // Read again it would fail (ids is no longer a string): the same schema does not read it again.
    expect(parseInput(list, once)).toBe(once);
    // Another schema reads it, and a copy is read again (and refused here).
    expect(parseInput(z.object({ page: z.number() }), once)).toEqual({ page: 1 });
    expect(() => parseInput(list, { ...once })).toThrow(/ids/);
  });
});
