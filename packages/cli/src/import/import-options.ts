/** The flags of `tj import` that need reading: point values and the zone of naive times. */
import { isValidTimeZone } from '@tj/core/calendar';
import type { Env } from '../config/paths.js';
import { UsageError } from '../errors.js';

/** Collects repeated `--point-value ROOT=VALUE` flags, as given (commander's reducer); {@link pointValuesOf} reads them. */
export function collectPointValue(text: string, previous: string[] = []): string[] {
  return [...previous, text];
}

/** `--point-value` flags as `{ ROOT: VALUE }`, read by the schemas' rule (parsePointValue, as the API reads them); a bad one is a usage error. */
export async function pointValuesOf(flags: string[] | undefined): Promise<Record<string, number> | undefined> {
  if (flags === undefined) return undefined;
  const { parsePointValue } = await import('@tj/core/internal');
  const values: Record<string, number> = {};
  for (const text of flags) {
    const parsed = parsePointValue(text);
    if (parsed === undefined) {
      throw new UsageError(`--point-value: "${text}" is not ROOT=VALUE with a value above 0 (such as ES=50)`);
    }
    values[parsed.root] = parsed.value;
  }
  return values;
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
