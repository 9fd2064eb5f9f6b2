import { UsageError } from '../errors.js';
import type { Env } from './paths.js';

/** scrypt cost parameters (the shape of core's PasswordCost). */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * The password hashing cost: OWASP's default (core's) unless `TJ_PASSWORD_COST` names a lower
 * scrypt N. That variable is a TEST KNOB (it makes user creation and login fast in tests); never
 * set it for a real journal. The only place it is read.
 */
export function passwordCostFromEnv(env: Env): ScryptCost | undefined {
  const raw = env.TJ_PASSWORD_COST;
  if (raw === undefined || raw === '') return undefined;
  const N = Number(raw);
  if (!Number.isInteger(N) || N < 1024 || (N & (N - 1)) !== 0) {
    throw new UsageError(`TJ_PASSWORD_COST must be a power of two ≥ 1024 (a test knob), not "${raw}"`);
  }
  return { N, r: 8, p: 1 };
}
