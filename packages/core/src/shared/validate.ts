import { plainMessage } from '@tj/schemas';
import type { z } from 'zod';
import { type FieldError, validationError } from './errors.js';

/** Turns zod issues into field errors with dotted paths, in plain words (`plainMessage`); unknown keys name the key itself. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ path: base ? `${base}.${key}` : key, message: 'is not a known field' });
    } else {
      out.push({ path: base, message: plainMessage(issue.message) });
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
  const r = schema.safeParse(input);
  if (!r.success) throw validationError(fieldErrors(r.error));
  if (typeof r.data === 'object' && r.data !== null) parsed.set(r.data, schema);
  return r.data;
}
