/**
 * Bounds on what one reading of untrusted bytes may cost: an import's file (CSV or XML), a JSON
 * body, and every reader added later (bars files, archives). Exceeding one stops the reading at
 * once with a 413 `payload_too_large` problem that names the bound (`limit`) and its value (`max`);
 * an import that stops writes nothing (its transaction rolls back).
 */
import { DEFAULTS } from '../defaults.js';
import { CoreError, ErrorCode } from './errors.js';

/** The bounds (defaults in `DEFAULTS.inputLimits`; docs/decisions.md, "Hostile input"). */
export interface InputLimits {
  /** Bytes (or characters, for text chunks) one import reads from its file. */
  maxBytes: number;
  /** Records one import reads: CSV records, or XML elements. */
  maxRecords: number;
  /** Characters in one CSV record, or in one XML tag, text run, comment or CDATA section. */
  maxRecordLength: number;
  /** Nesting depth of XML elements and of JSON arrays and objects. */
  maxDepth: number;
  /**
   * Memory one import may hold at once, in bytes, as estimated from the records a reader keeps
   * before it yields, the fills waiting to be sorted and the open positions being matched.
   */
  maxMemoryBytes: number;
}

/** The name of one bound, as problem bodies and `--input-limits` name it. */
export type InputLimitName = keyof InputLimits;

/** Every bound's name, in a stable order. */
export const INPUT_LIMIT_NAMES: readonly InputLimitName[] = [
  'maxBytes',
  'maxRecords',
  'maxRecordLength',
  'maxDepth',
  'maxMemoryBytes',
];

/** The bounds in force, `given` over the defaults (a bound left out keeps its default). */
export function inputLimits(given: Partial<InputLimits> = {}): InputLimits {
  const limits: InputLimits = { ...DEFAULTS.inputLimits };
  for (const name of INPUT_LIMIT_NAMES) {
    const value = given[name];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number of 1 or more`);
    limits[name] = value;
  }
  return limits;
}

/**
 * The error of a bound exceeded, a 413 `payload_too_large` with the bound's name and value in the
 * problem body (`limit`, `max`) and `what` in its detail.
 *
 * @example throw limitError('maxDepth', 64, 'line 3: XML nested deeper than 64 elements');
 */
export function limitError(limit: InputLimitName, max: number, what: string): CoreError {
  return new CoreError(ErrorCode.payloadTooLarge, `${what} (the ${limit} bound is ${max})`, undefined, undefined, {
    extensions: { limit, max: String(max) },
  });
}

/**
 * Counts the bytes of a file's chunks (characters of text chunks) as they pass and fails with
 * the `maxBytes` bound's error past `max`, before the chunk that crosses it is handed on.
 *
 * @example for await (const chunk of boundedBytes(open(), limits.maxBytes)) …
 */
export async function* boundedBytes<T extends string | Uint8Array>(
  chunks: AsyncIterable<T> | Iterable<T>,
  max: number,
): AsyncGenerator<T> {
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.length;
    if (total > max) throw limitError('maxBytes', max, `the file is larger than ${max} bytes`);
    yield chunk;
  }
}

/**
 * The memory one import holds, as estimated by its parts: each charges what it keeps and
 * releases it when done with it; a charge that takes the total past the budget fails with the
 * `maxMemoryBytes` bound's error.
 */
export class MemoryBudget {
  private used = 0;

  constructor(readonly max: number) {}

  /** Adds `bytes` held; fails past the budget. */
  charge(bytes: number): void {
    this.used += bytes;
    if (this.used > this.max) {
      throw limitError(
        'maxMemoryBytes',
        this.max,
        `the import would hold more than ${this.max} bytes at once (rows kept to be sorted or open positions)`,
      );
    }
  }

  /** Takes `bytes` off what is held. */
  release(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }
}

/** Estimated bytes a JavaScript object holds: a fixed part plus two bytes a character of its strings. */
export function estimateBytes(fixed: number, ...texts: readonly (string | undefined)[]): number {
  let chars = 0;
  for (const t of texts) if (t !== undefined) chars += t.length;
  return fixed + 2 * chars;
}

/**
 * At most `max` characters of `text` for a report: longer text keeps its start and says how
 * much was left out (`… (1,234 more characters)`).
 *
 * @example excerpt(row.raw, 1024)
 */
export function excerpt(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… (${(text.length - max).toLocaleString('en-US')} more characters)`;
}
