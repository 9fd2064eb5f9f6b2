import { plainMessage } from '@tj/schemas';
import type { z } from 'zod';
import { type FieldError, validationError } from './errors.js';

/** Issue codes that, on a value that is not there, mean only that it is missing (an enum, a union, a date: any kind). */
const MISSING_CODES = new Set(['invalid_type', 'invalid_value', 'invalid_union', 'invalid_format']);

/** True when the issue is about a field that was not sent (read with `reportInput`, so the issue carries its input). */
function isMissing(issue: z.ZodError['issues'][number]): boolean {
  return MISSING_CODES.has(issue.code) && 'input' in issue && issue.input === undefined;
}

/**
 * Turns zod issues into field errors with dotted paths, in plain words (`plainMessage`); unknown
 * keys name the key itself, and a field that was not sent says `required` whatever its kind.
 */
export function fieldErrors(error: z.ZodError): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ path: base ? `${base}.${key}` : key, message: 'is not a known field' });
    } else {
      out.push({ path: base, message: isMissing(issue) ? 'required' : plainMessage(issue.message) });
    }
  }
  return out;
}

/**
 * What `parseInput` produced, with the schema that produced it: a value read once (by the HTTP
 * layer, with the operation's schema) and handed to core is not read again by the same schema.
 * Only this module can mark a value, so nothing from outside passes unread.
 */
const parsed = new WeakMap<object, z.ZodType>();

/**
 * Parses `input` with `schema`, throwing a `validation_failed` CoreError that lists every field.
 * A value this function already produced with the same schema is returned as it is (read once).
 *
 * @example const body = parseInput(tradeCreateSchema, json);
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  if (typeof input === 'object' && input !== null && parsed.get(input) === schema) return input as z.output<S>;
  const r = schema.safeParse(input, { reportInput: true });
  if (!r.success) throw validationError(fieldErrors(r.error));
  if (typeof r.data === 'object' && r.data !== null) parsed.set(r.data, schema);
  return r.data;
}
