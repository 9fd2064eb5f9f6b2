/** The commission schedule flags of `tj settings set` and its lines in `tj settings get`. */
import type { Settings } from '@tj/core';
import type { Opts } from '../command-kit.js';
import { UsageError } from '../errors.js';
import { money } from '../output/format.js';

/** A rate as money, with the decimals it has past the cent (0.005 per share, not 0.01). */
function rate(v: number): string {
  return (String(v).split('.')[1]?.length ?? 0) > 2 ? String(v) : money(v);
}

/** A commission schedule in words: `1.29/contract, min 1.00`, `0.005/share`. */
export function commissionText(c: Settings['commission'], fallback: string): string {
  if (c === null) return fallback;
  const parts = [
    c.perOrder !== null ? `${rate(c.perOrder)}/order` : '',
    c.perShare !== null ? `${rate(c.perShare)}/share` : '',
    c.perContract !== null ? `${rate(c.perContract)}/contract` : '',
    c.minimum !== null ? `min ${rate(c.minimum)}` : '',
  ];
  return parts.filter((p) => p !== '').join(', ');
}

/** The commission flags: `--commission-per-contract 1.29` (money, 0 or more) or `off` to clear one; `--commission off` drops the schedule. */
export function commissionOf(opts: Opts): Record<string, number | null> | null | undefined {
  const all = opts.commission as string | undefined;
  const fields = {
    perShare: opts.commissionPerShare,
    perContract: opts.commissionPerContract,
    perOrder: opts.commissionPerOrder,
    minimum: opts.commissionMinimum,
  } as Record<string, string | undefined>;
  const given = Object.entries(fields).filter(([, v]) => v !== undefined) as Array<[string, string]>;
  if (all !== undefined) {
    if (all.trim().toLowerCase() !== 'off') throw new UsageError(`--commission takes off (drop the schedule), not "${all}"`);
    if (given.length > 0) throw new UsageError('--commission off does not go with the other --commission-… flags');
    return null;
  }
  if (given.length === 0) return undefined;
  const out: Record<string, number | null> = {};
  for (const [key, value] of given) {
    const flag = `--commission-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    if (value.trim().toLowerCase() === 'off') {
      out[key] = null;
      continue;
    }
    const n = value.trim() === '' ? Number.NaN : Number(value);
    if (!Number.isFinite(n) || n < 0) throw new UsageError(`${flag} takes an amount of money (0 or more) or off, not "${value}"`);
    out[key] = n;
  }
  return out;
}
