/** The flags of `tj import` that need reading: point values and the zone of naive times. */
import { isValidTimeZone } from '@tj/core/calendar';
import type { Env } from '../config/paths.js';
import { UsageError } from '../errors.js';

/** Collects repeated `--point-value ROOT=VALUE` flags into `{ ROOT: VALUE }` (commander's reducer). */
export function collectPointValue(text: string, previous: Record<string, number> = {}): Record<string, number> {
  const m = /^\s*([A-Za-z0-9]{1,8})\s*=\s*([0-9]+(?:\.[0-9]+)?)\s*$/.exec(text);
  const value = m === null ? Number.NaN : Number(m[2]);
  if (m === null || !(value > 0)) {
    throw new UsageError(`--point-value: "${text}" is not ROOT=VALUE with a value above 0 (such as ES=50)`);
  }
  return { ...previous, [(m[1] as string).toUpperCase()]: value };
}

/** The zone naive times are read in, and where it came from (for the summary). */
export interface SourceZone {
  tz: string;
  origin: '--source-tz' | '--tz' | 'TJ_TZ' | 'the system zone';
}

/** `--source-tz`, else `--tz`, else `TJ_TZ`, else the system zone (what `ctx.tz` already resolved). */
export function sourceZone(flag: string | undefined, tzFlag: string | undefined, env: Env, resolvedTz: string): SourceZone {
  if (flag !== undefined) {
    if (!isValidTimeZone(flag)) {
      throw new UsageError(`--source-tz: "${flag}" is not an IANA time zone name (such as America/New_York)`);
    }
    return { tz: flag, origin: '--source-tz' };
  }
  if (tzFlag) return { tz: resolvedTz, origin: '--tz' };
  if (env.TJ_TZ) return { tz: resolvedTz, origin: 'TJ_TZ' };
  return { tz: resolvedTz, origin: 'the system zone' };
}
