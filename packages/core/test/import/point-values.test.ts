/** The one reading of `ROOT=VALUE` point values: the API's `pointValues` and the CLI's `--point-value`. */
import { importCreateQuerySchema, parsePointValue } from '@tj/core';
import { describe, expect, it } from 'vitest';

describe('point values', () => {
  it('reads a futures root (upper-cased) and a value above 0, spaces around = allowed', () => {
    expect(parsePointValue('zn=1000')).toEqual({ root: 'ZN', value: 1000 });
    expect(parsePointValue(' ES = 12.5 ')).toEqual({ root: 'ES', value: 12.5 });
    for (const bad of ['QQQ', 'ES=0', 'ES=-5', '=50', 'TOOLONGROOT=5', 'ES=5x']) expect(parsePointValue(bad)).toBeUndefined();
  });

  it('is what the import query reads, one pair after another', () => {
    expect(importCreateQuerySchema.parse({ pointValues: 'es=50, NQ = 20' }).pointValues).toEqual({ ES: 50, NQ: 20 });
    const refused = importCreateQuerySchema.safeParse({ pointValues: 'ES=50,QQQ' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('"QQQ" is not ROOT=VALUE with a value above 0 (such as ES=50)');
  });
});
