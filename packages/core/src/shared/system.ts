import { randomBytes } from 'node:crypto';
import type { Clock, IdGenerator, RandomSource } from './ports.js';

/** The real clock. */
export const systemClock: Clock = { now: () => Date.now() };

/** Cryptographic randomness from node:crypto. */
export const cryptoRandom: RandomSource = { bytes: (n) => randomBytes(n) };

/**
 * UUID v7 generator (RFC 9562): 48-bit millisecond timestamp, then random bits, with a
 * monotonic counter so ids made in the same millisecond still sort in creation order.
 *
 * @example const ids = uuidv7Generator(systemClock); ids.next();
 */
export function uuidv7Generator(clock: Clock = systemClock, random: RandomSource = cryptoRandom): IdGenerator {
  let lastMs = -1;
  let seq = 0;
  return {
    next() {
      let ms = clock.now();
      if (ms <= lastMs) {
        seq = (seq + 1) & 0xfff;
        if (seq === 0) lastMs += 1;
        ms = lastMs;
      } else {
        lastMs = ms;
        seq = 0;
      }
      const b = random.bytes(16);
      const bytes = Uint8Array.from(b);
      let t = ms;
      for (let i = 5; i >= 0; i--) {
        bytes[i] = t % 256;
        t = Math.floor(t / 256);
      }
      bytes[6] = 0x70 | ((seq >> 8) & 0x0f);
      bytes[7] = seq & 0xff;
      bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
      const hex = Buffer.from(bytes).toString('hex');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
  };
}
