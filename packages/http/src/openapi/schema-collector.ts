import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

/** A JSON Schema object. */
export type JsonSchema = Record<string, unknown>;

const COMPONENTS = '#/components/schemas/';

function rewriteRefs(node: unknown, names: Record<string, string>): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, names));
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')) {
      const id = value.slice('#/$defs/'.length);
      out[key] = COMPONENTS + (names[id] ?? id);
    } else {
      out[key] = rewriteRefs(value, names);
    }
  }
  return out;
}

/**
 * Converts zod schemas to JSON Schema (draft 2020-12, as OpenAPI 3.1 uses) with `z.toJSONSchema`,
 * lifting every schema that has a `.meta({ id })` into shared components. Requests are converted
 * as input (defaults make fields optional), responses as output; when the two differ for one id,
 * the request's variant is named `<id>Input`.
 */
export class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};

  /** The JSON Schema of `schema` for `io`, a `$ref` when it is a named component. */
  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const json = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    delete json.$defs;
    delete json.$schema;
    const names: Record<string, string> = {};
    for (const [id, def] of Object.entries(defs)) {
      const existing = this.components[id];
      const same = existing === undefined || isDeepStrictEqual(existing, rewriteRefs(def, {}));
      names[id] = same || io === 'output' ? id : `${id}Input`;
    }
    for (const [id, def] of Object.entries(defs)) {
      const name = names[id] ?? id;
      const rewritten = rewriteRefs(def, names) as JsonSchema;
      delete rewritten.id;
      this.components[name] ??= rewritten;
    }
    return rewriteRefs(json, names) as JsonSchema;
  }

  /** The properties and required names of an object schema (for query parameters). */
  objectFields(schema: z.ZodType): Array<{ name: string; required: boolean; schema: JsonSchema }> {
    const json = this.convert(schema, 'input');
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    return Object.entries(properties).map(([name, s]) => ({ name, required: required.has(name), schema: s }));
  }
}
