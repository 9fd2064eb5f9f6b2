import { idSchema, problemSchema } from '@tj/core';
import { statusTitle } from '../errors/status.js';
import type { Route } from '../routes/route.js';
import { type JsonSchema, SchemaCollector } from './schema-collector.js';

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
  };
}

function problemResponses(): Record<string, unknown> {
  const extra: Record<number, Record<string, unknown>> = {
    401: { 'WWW-Authenticate': { $ref: '#/components/headers/WwwAuthenticate' } },
    405: { Allow: { $ref: '#/components/headers/Allow' } },
    429: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
  };
  const out: Record<string, unknown> = {};
  for (const status of [400, 401, 403, 404, 405, 409, 413, 415, 429, 500, 503]) {
    out[`Problem${status}`] = {
      description: `${statusTitle(status)} (RFC 9457 problem details with a stable \`code\`)`,
      headers: { 'X-Request-Id': HEADER_REFS.requestId, ...(extra[status] ?? {}) },
      content: { [PROBLEM_JSON]: { schema: { $ref: '#/components/schemas/Problem' } } },
    };
  }
  return out;
}

function operation(route: Route, collector: SchemaCollector, responseSchema: JsonSchema | undefined): Record<string, unknown> {
  const limited = route.rateLimited !== false;
  const parameters: unknown[] = [];
  for (const name of route.path.match(/:\w+/g) ?? []) {
    parameters.push({ name: name.slice(1), in: 'path', required: true, schema: collector.convert(idSchema, 'input') });
  }
  if (route.query) {
    for (const field of collector.objectFields(route.query)) parameters.push({ in: 'query', ...field });
  }
  const headers: Record<string, unknown> = { 'X-Request-Id': HEADER_REFS.requestId };
  if (limited) Object.assign(headers, { 'RateLimit-Policy': HEADER_REFS.policy, RateLimit: HEADER_REFS.rateLimit });
  if (route.response.status === 201) headers.Location = { $ref: '#/components/headers/Location' };
  const success: Record<string, unknown> = { description: route.response.description, headers };
  if (responseSchema) success.content = { 'application/json': { schema: responseSchema } };
  const errorStatuses = new Set([400, ...route.errors, ...(limited ? [429] : []), 500]);
  const responses: Record<string, unknown> = { [String(route.response.status)]: success };
  for (const status of [...errorStatuses].sort()) responses[String(status)] = { $ref: `#/components/responses/Problem${status}` };
  const op: Record<string, unknown> = {
    operationId: route.operationId,
    summary: route.summary,
    tags: [route.tag],
    security: route.auth ? [{ bearerAuth: [] }] : [],
    responses,
  };
  if (parameters.length > 0) op.parameters = parameters;
  if (route.body) {
    op.requestBody = { required: true, content: { 'application/json': { schema: collector.convert(route.body, 'input') } } };
  }
  return op;
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
  routes.forEach((route, i) => {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route, collector, responseSchemas[i]);
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Trading Journal API',
      version: info.version,
      description: 'Trades, journal, analytics, alerts and webhooks of a trading journal. Errors are RFC 9457 problem details.',
    },
    servers: [{ url: '/' }],
    tags: ['auth', 'trades', 'analytics', 'journal', 'webhooks', 'alerts', 'system'].map((name) => ({ name })),
    paths,
    components: {
      schemas: collector.components,
      responses: problemResponses(),
      headers: sharedHeaders(),
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
