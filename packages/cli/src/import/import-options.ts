/** The flags of `tj import` that need reading: repeated ones, refusals of options by flag, the zone of naive times. */
import { isValidTimeZone } from '@tj/core/calendar';
import type { Env } from '../config/paths.js';
import { type ErrorLike, fieldErrorsOf, UsageError } from '../errors.js';

/** Collects a repeatable flag's values, as given (commander's reducer): `--point-value`, `--lot-size`. */
export function collectRepeated(text: string, previous: string[] = []): string[] {
  return [...previous, text];
}

/** The flag of each import option the API reads, for refusals that name the flag. */
const OPTION_FLAGS: Readonly<Record<string, string>> = {
  pointValues: '--point-value',
  lotSizes: '--lot-size',
  locale: '--locale',
};

/**
 * Turns the API's refusal of an option given by a flag (a bad `--point-value`, `--lot-size` or
 * `--locale`: the server reads them) into a usage error naming the flag; anything else is left.
 */
export function usageOfOptions(e: unknown): void {
  const first = fieldErrorsOf(e as ErrorLike)?.[0];
  const flag = first === undefined ? undefined : OPTION_FLAGS[first.path];
  if (flag !== undefined) throw new UsageError(`${flag}: ${first?.message}`);
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
