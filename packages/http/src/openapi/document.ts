import { profileNameSchema, problemSchema, recordIdSchema } from '@tj/core';
import { statusTitle } from '../errors/status.js';
import type { Route } from '../routes/route.js';
import { UPLOAD_MEDIA_TYPES } from '../io/upload.js';
import { type JsonSchema, SchemaCollector } from './schema-collector.js';
import { type ShadowedMethod, shadowedMethods } from './shadowed.js';

const PROBLEM_JSON = 'application/problem+json';
const HEADER_REFS = {
  requestId: { $ref: '#/components/headers/RequestId' },
  policy: { $ref: '#/components/headers/RateLimitPolicy' },
  rateLimit: { $ref: '#/components/headers/RateLimit' },
};

const text = (description: string) => ({ description, schema: { type: 'string' } });

function sharedHeaders(): Record<string, unknown> {
  return {
    RequestId: text('Identifier of this request (echoes a sane incoming X-Request-Id); quote it when reporting a problem'),
    RateLimitPolicy: text('IETF rate-limit policy, e.g. `"default";q=600;w=60`'),
    RateLimit: text('IETF rate-limit state, e.g. `"default";r=599;t=60` (remaining, seconds to reset)'),
    RetryAfter: { description: 'Seconds to wait before retrying', schema: { type: 'integer' } },
    Allow: text('The methods the path supports'),
    WwwAuthenticate: text('`Bearer realm="trading-journal"`, with `error="invalid_token"` when a token was sent'),
    Location: text('Path of the created resource'),
    IdempotentReplayed: text('`true` when this is the stored answer of an earlier request with the same Idempotency-Key'),
  };
}

function problemResponses(): Record<string, unknown> {
  const extra: Record<number, Record<string, unknown>> = {
    401: { 'WWW-Authenticate': { $ref: '#/components/headers/WwwAuthenticate' } },
    405: { Allow: { $ref: '#/components/headers/Allow' } },
    429: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
  };
  const out: Record<string, unknown> = {};
  for (const status of [400, 401, 403, 404, 405, 409, 413, 415, 422, 429, 500, 502, 503]) {
    out[`Problem${status}`] = {
      description: `${statusTitle(status)} (RFC 9457 problem details with a stable \`code\`)`,
      headers: { 'X-Request-Id': HEADER_REFS.requestId, ...(extra[status] ?? {}) },
      content: { [PROBLEM_JSON]: { schema: { $ref: '#/components/schemas/Problem' } } },
    };
  }
  return out;
}

/** The request body of an upload: the file as the body in any of its media types, or one multipart part. */
function uploadBody(route: Route, collector: SchemaCollector): Record<string, unknown> {
  const file = { type: 'string', contentMediaType: 'application/octet-stream' };
  const content: Record<string, unknown> = {};
  for (const type of UPLOAD_MEDIA_TYPES) content[type] = { schema: file };
  const fields: Record<string, unknown> = {};
  if (route.query) for (const f of collector.objectFields(route.query)) fields[f.name] = f.schema;
  content['multipart/form-data'] = {
    schema: { type: 'object', required: ['file'], properties: { ...fields, file } },
    encoding: { file: { contentType: UPLOAD_MEDIA_TYPES.join(', ') } },
  };
  return {
    required: true,
    description: 'The file as the body, or multipart/form-data with one file part (fields before the file)',
    content,
  };
}

function operation(route: Route, collector: SchemaCollector, responseSchema: JsonSchema | undefined): Record<string, unknown> {
  const limited = route.rateLimited !== false;
  const parameters: unknown[] = [];
  const pathParams = (route.path.match(/:\w+/g) ?? []).map((p) => p.slice(1));
  for (const name of pathParams) {
    const schema = collector.convert(name === 'name' ? profileNameSchema : recordIdSchema, 'input');
    parameters.push({ name, in: 'path', required: true, schema });
  }
  if (route.query) {
    for (const field of collector.objectFields(route.query)) parameters.push({ in: 'query', ...field });
  }
  const headers: Record<string, unknown> = { 'X-Request-Id': HEADER_REFS.requestId };
  if (limited) Object.assign(headers, { 'RateLimit-Policy': HEADER_REFS.policy, RateLimit: HEADER_REFS.rateLimit });
  if (route.response.status === 201) headers.Location = { $ref: '#/components/headers/Location' };
  if (route.idempotent) {
    headers['Idempotent-Replayed'] = { $ref: '#/components/headers/IdempotentReplayed' };
    parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  }
  const success: Record<string, unknown> = { description: route.response.description, headers };
  if (responseSchema) success.content = { [route.response.contentType ?? 'application/json']: { schema: responseSchema } };
  const errorStatuses = new Set([
    400,
    ...route.errors,
    // A record named by id may not exist; a short id may name several (409 ambiguous_id).
    ...(pathParams.some((p) => p !== 'name') ? [404, 409] : []),
    ...(route.auth ? [401, 403] : []),
    ...(route.idempotent ? [409, 422] : []),
    ...(limited ? [429] : []),
    500,
  ]);
  const responses: Record<string, unknown> = { [String(route.response.status)]: success };
  if (route.alsoOk) {
    const { Location: _l, ...rest } = headers;
    responses[String(route.alsoOk.status)] = { ...success, description: route.alsoOk.description, headers: rest };
  }
  for (const status of [...errorStatuses].sort()) responses[String(status)] = { $ref: `#/components/responses/Problem${status}` };
  const op: Record<string, unknown> = {
    operationId: route.operationId,
    summary: route.summary,
    tags: [route.tag],
    // OpenAPI 3.1 lets a non-OAuth requirement list role names: here, the scope an API key needs.
    security: route.auth ? [{ bearerAuth: [route.scope] }] : [],
    responses,
  };
  if (parameters.length > 0) op.parameters = parameters;
  if (route.body) {
    op.requestBody = { required: true, content: { 'application/json': { schema: collector.convert(route.body, 'input') } } };
  }
  if (route.upload) op.requestBody = uploadBody(route, collector);
  return op;
}

/**
 * A method a literal path answers with 405 only, because the parametric path it shadows has it
 * (`PATCH /api/trades/statistics`: `statistics` is not a trade's id). Answered before authentication.
 */
function notAllowed(shadowed: ShadowedMethod, template: (path: string) => string): Record<string, unknown> {
  const shadows = template(shadowed.shadows);
  return {
    summary: `Not allowed: answers 405 (${shadowed.method} is an operation of ${shadows}, which this path is not)`,
    description: `This fixed path is matched before ${shadows}, so ${shadowed.method} here is 405 method_not_allowed with the methods it allows in Allow.`,
    security: [],
    responses: { '405': { $ref: '#/components/responses/Problem405' } },
  };
}

/**
 * The OpenAPI 3.1 document of `routes`, generated from the same core zod schemas that validate
 * requests (`z.toJSONSchema`; named schemas become components).
 *
 * @example const doc = buildOpenApiDocument(apiRoutes(() => doc), { version: '0.1.0' });
 */
export function buildOpenApiDocument(routes: Route[], info: { version: string }): Record<string, unknown> {
  const collector = new SchemaCollector();
  collector.convert(problemSchema, 'output');
  const responseSchemas = routes.map((r) => (r.response.schema ? collector.convert(r.response.schema, 'output') : undefined));
  const paths: Record<string, Record<string, unknown>> = {};
  const template = (path: string) => path.replace(/:(\w+)/g, '{$1}');
  routes.forEach((route, i) => {
    const path = template(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route, collector, responseSchemas[i]);
  });
  for (const shadowed of shadowedMethods(routes)) {
    (paths[template(shadowed.path)] as Record<string, unknown>)[shadowed.method.toLowerCase()] = notAllowed(shadowed, template);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Trading Journal API',
      version: info.version,
      description: 'Trades, journal, analytics, alerts and webhooks of a trading journal. Errors are RFC 9457 problem details.',
    },
    servers: [{ url: '/' }],
    tags: [
      'auth',
      'keys',
      'trades',
      'imports',
      'analytics',
      'fx',
      'bars',
      'reports',
      'journal',
      'webhooks',
      'alerts',
      'settings',
      'system',
    ].map((name) => ({ name })),
    paths,
    components: {
      schemas: collector.components,
      responses: problemResponses(),
      headers: sharedHeaders(),
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Makes a retry safe: a retry with the same key and the same request within 24 hours answers the first response without creating again; the same key with another request is 422 idempotency_key_reused; a retry while the first is still running is 409 idempotency_key_in_use',
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[!-~]+$' },
        },
      },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An access token (JWT) from login, which may do everything, or an API key (`tj_live_…`), which may do what its scopes allow: each operation lists the scope it needs (`admin` covers all); too small a scope is 403 insufficient_scope',
        },
      },
    },
  };
}
