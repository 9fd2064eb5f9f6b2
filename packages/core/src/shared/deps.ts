import type { Storage } from '../storage/ports.js';
import type { Clock, IdGenerator, RandomSource } from './ports.js';

/** What every core service runs on: the storage port and the clock, id and randomness ports. */
export interface CoreDeps {
  storage: Storage;
  clock: Clock;
  ids: IdGenerator;
  random: RandomSource;
}

/** True when `id` looks like a UUID; anything else can never name a record. */
export function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}
