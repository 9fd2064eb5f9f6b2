/**
 * Checks real answers against the OpenAPI document the server serves: each answer's status must
 * be documented for its operation, and its body must validate (ajv, JSON Schema 2020-12) against
 * the schema the document gives for that status and media type; documented Location and
 * X-Request-Id headers must be there. It records which operations answered a checked success, so a
 * suite can fail when an operation of the document was never exercised.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { call, type Call, type Reply } from './http.js';

/** An OpenAPI 3.1 document, as far as the checker reads it. */
type Doc = { paths: Record<string, Record<string, { responses: Record<string, { $ref?: string }> }>> };

const esc = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1');

/** A checker over one served document. */
export function conformanceChecker(baseUrl: string, doc: Doc) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(doc, 'openapi');
  const validators = new Map<string, ValidateFunction>();
  const succeeded = new Set<string>();

  /** Every operation of the document that can succeed, as `METHOD /path/{template}` (not the documented 405s). */
  const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => Object.keys(op.responses).some((status) => status.startsWith('2')))
      .map(([m]) => `${m.toUpperCase()} ${path}`),
  );

  function responseOf(template: string, method: string, status: number) {
    const responses = doc.paths[template]?.[method.toLowerCase()]?.responses;
    expect(responses, `${method} ${template} is not in the document`).toBeDefined();
    const response = responses?.[String(status)];
    expect(response, `${method} ${template} answered ${status}, which the document does not list`).toBeDefined();
    const base =
      response?.$ref ?? `#/${['paths', template, method.toLowerCase(), 'responses', String(status)].map(esc).join('/')}`;
    return { base, resolved: resolve(base) };
  }

  function resolve(ref: string): any {
    let node: any = doc;
    for (const part of ref.slice(2).split('/')) node = node?.[part.replaceAll('~1', '/').replaceAll('~0', '~')];
    return node;
  }

  /** Checks one answer of `method template` against the document. */
  function check(method: string, template: string, reply: Reply): Reply {
    const { base, resolved } = responseOf(template, method, reply.status);
    const label = `${method} ${template} → ${reply.status}`;
    expect(reply.headers.get('x-request-id'), `${label}: X-Request-Id`).toBeTruthy();
    if (resolved?.headers?.Location) expect(reply.headers.get('location'), `${label}: Location`).toBeTruthy();
    const types = Object.keys(resolved?.content ?? {});
    if (types.length === 0) {
      expect(reply.text, `${label}: the document promises no body`).toBe('');
    } else if (method !== 'HEAD') {
      const type = (reply.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
      expect(types, `${label}: content type ${type}`).toContain(type);
      const pointer = `openapi${base}/content/${esc(type)}/schema`;
      let validate = validators.get(pointer);
      if (!validate) {
        validate = ajv.compile({ $ref: pointer });
        validators.set(pointer, validate);
      }
      const json = type === 'application/json' || type.endsWith('+json');
      const valid = validate(json ? reply.body : reply.text);
      expect(validate.errors ?? [], `${label}: ${JSON.stringify(reply.body).slice(0, 300)}`).toEqual([]);
      expect(valid).toBe(true);
    }
    if (reply.status < 300) succeeded.add(`${method} ${template}`);
    return reply;
  }

  return {
    operations,
    check,
    /** Sends `method path` (the concrete path of `template`) and checks the answer. */
    async send(method: string, template: string, path: string, options: Call = {}): Promise<Reply> {
      return check(method, template, await call(baseUrl, method, path, options));
    },
    /** Operations of the document without a checked success answer. */
    missing(): string[] {
      return operations.filter((op) => !succeeded.has(op));
    },
  };
}
