import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tradeBody } from './support/http.js';
import { signUp, startTestServer, type TestServer, type TestUser } from './support/server.js';

/** Every endpoint of service-api.md, at its exact path. */
const SPEC_ENDPOINTS = [
  'post /api/auth/login',
  'post /api/auth/refresh',
  'get /api/trades',
  'post /api/trades',
  'get /api/trades/{id}',
  'patch /api/trades/{id}',
  'delete /api/trades/{id}',
  'get /api/trades/statistics',
  'get /api/analytics/dashboard',
  'get /api/analytics/performance',
  'get /api/analytics/by-category',
  'get /api/analytics/equity-curve',
  'get /api/analytics/r-distribution',
  'get /api/journal',
  'post /api/journal',
  'get /api/journal/{id}',
  'patch /api/journal/{id}',
  'delete /api/journal/{id}',
  'post /api/webhooks',
  'get /api/webhooks',
  'delete /api/webhooks/{id}',
  'post /api/webhooks/{id}/test',
];
/** The contract's additions. */
const ADDITIONS = [
  'post /api/auth/logout',
  'get /api/auth/me',
  'post /api/auth/register',
  'get /api/webhooks/{id}/deliveries',
  'get /api/alerts',
  'post /api/alerts',
  'get /api/alerts/{id}',
  'patch /api/alerts/{id}',
  'delete /api/alerts/{id}',
  'get /api/alerts/{id}/events',
  'get /api/health',
  'get /api/openapi.json',
];

describe('the OpenAPI document', () => {
  let srv: TestServer;
  let u: TestUser;
  let doc: any;
  let ajv: Ajv2020;
  beforeAll(async () => {
    srv = await startTestServer();
    u = await signUp(srv.url, 'doc');
    const r = await call(srv.url, 'GET', '/api/openapi.json');
    expect(r.status).toBe(200);
    doc = r.body;
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(doc, 'openapi');
  });
  afterAll(() => srv?.close());

  /** Checks an actual response body against the schema the document gives for it. */
  function conforms(path: string, method: string, status: number, body: unknown, type = 'application/json') {
    const esc = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1');
    const response = doc.paths[path][method].responses[String(status)];
    const base = response.$ref ? response.$ref : `#/${['paths', path, method, 'responses', String(status)].map(esc).join('/')}`;
    const validate = ajv.compile({ $ref: `openapi${base}/content/${esc(type)}/schema` });
    const ok = validate(body);
    expect(validate.errors ?? [], `${method} ${path} ${status}`).toEqual([]);
    expect(ok).toBe(true);
  }

  it('is a valid OpenAPI 3.1 document (checked by a validator)', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result).toEqual({ valid: true });
    expect(validator.version).toBe('3.1');
    expect(doc.openapi).toBe('3.1.0');
  });

  it('has every endpoint of service-api.md at its exact path, and the additions', () => {
    const operations = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops as object).map((m) => `${m} ${p}`));
    for (const op of [...SPEC_ENDPOINTS, ...ADDITIONS]) expect(operations).toContain(op);
  });

  it('marks token-protected operations with bearer auth and leaves login, refresh and health public', () => {
    expect(doc.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(doc.paths['/api/trades'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/auth/login'].post.security).toEqual([]);
    expect(doc.paths['/api/health'].get.security).toEqual([]);
  });

  it('takes request bodies and query parameters from core’s schemas', () => {
    expect(doc.paths['/api/trades'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/TradeCreate',
    });
    const create = doc.components.schemas.TradeCreate;
    expect(create.required).toEqual(
      expect.arrayContaining(['instrument', 'direction', 'entryPrice', 'positionSize', 'entryTime']),
    );
    expect(create.additionalProperties).toBe(false);
    const params = doc.paths['/api/trades'].get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`);
    expect(params).toEqual(['query:page', 'query:limit', 'query:instrument', 'query:dateFrom', 'query:dateTo', 'query:status']);
    const limit = doc.paths['/api/trades'].get.parameters.find((p: { name: string }) => p.name === 'limit');
    expect(limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
  });

  it('documents problem responses, with Allow, WWW-Authenticate and Retry-After where they apply', () => {
    expect(doc.paths['/api/trades/{id}'].get.responses['404']).toEqual({ $ref: '#/components/responses/Problem404' });
    expect(doc.components.responses.Problem401.headers['WWW-Authenticate']).toBeDefined();
    expect(doc.components.responses.Problem429.headers['Retry-After']).toBeDefined();
    expect(Object.keys(doc.components.responses.Problem401.content)).toEqual(['application/problem+json']);
  });

  it('the response check catches a body that does not match', () => {
    expect(() => conforms('/api/trades', 'get', 200, { trades: 'none', pagination: {} })).toThrow();
    expect(() => conforms('/api/health', 'get', 200, { status: 'ok', extra: 1 })).toThrow();
  });

  it('describes the actual responses of the server', async () => {
    const get = (p: string) => call(srv.url, 'GET', p, { headers: u.auth });
    const send = (m: string, p: string, json?: unknown) => call(srv.url, m, p, { headers: u.auth, json });
    const login = await call(srv.url, 'POST', '/api/auth/login', { json: { email: u.email, password: u.password } });
    conforms('/api/auth/login', 'post', 200, login.body);
    conforms('/api/auth/me', 'get', 200, (await get('/api/auth/me')).body);
    const trade = await send(
      'POST',
      '/api/trades',
      tradeBody({ exitPrice: 5010, exitTime: '2026-01-05T16:00:00Z', tags: ['t'] }),
    );
    conforms('/api/trades', 'post', 201, trade.body);
    conforms('/api/trades/{id}', 'get', 200, (await get(`/api/trades/${trade.body.id}`)).body);
    conforms('/api/trades', 'get', 200, (await get('/api/trades')).body);
    conforms('/api/trades/statistics', 'get', 200, (await get('/api/trades/statistics')).body);
    conforms('/api/analytics/dashboard', 'get', 200, (await get('/api/analytics/dashboard')).body);
    conforms('/api/analytics/performance', 'get', 200, (await get('/api/analytics/performance')).body);
    conforms('/api/analytics/by-category', 'get', 200, (await get('/api/analytics/by-category?category=weekday')).body);
    conforms('/api/analytics/equity-curve', 'get', 200, (await get('/api/analytics/equity-curve')).body);
    conforms('/api/analytics/r-distribution', 'get', 200, (await get('/api/analytics/r-distribution')).body);
    const entry = await send('POST', '/api/journal', { date: '2026-01-05', emotionalState: { focus: 5 } });
    conforms('/api/journal', 'post', 201, entry.body);
    conforms('/api/journal', 'get', 200, (await get('/api/journal')).body);
    const alert = await send('POST', '/api/alerts', { name: 'n', type: 'missingStopLoss' });
    conforms('/api/alerts', 'post', 201, alert.body);
    conforms('/api/alerts', 'get', 200, (await get('/api/alerts')).body);
    conforms('/api/alerts/{id}/events', 'get', 200, (await get(`/api/alerts/${alert.body.id}/events`)).body);
    const hook = await send('POST', '/api/webhooks', { url: 'http://127.0.0.1:9/x', events: ['*'] });
    conforms('/api/webhooks', 'post', 201, hook.body);
    conforms('/api/webhooks', 'get', 200, (await get('/api/webhooks')).body);
    conforms('/api/webhooks/{id}/test', 'post', 200, (await send('POST', `/api/webhooks/${hook.body.id}/test`)).body);
    conforms('/api/webhooks/{id}/deliveries', 'get', 200, (await get(`/api/webhooks/${hook.body.id}/deliveries`)).body);
    conforms('/api/health', 'get', 200, (await get('/api/health')).body);
    conforms('/api/trades', 'post', 400, (await send('POST', '/api/trades', {})).body, 'application/problem+json');
    conforms('/api/trades/{id}', 'get', 404, (await get('/api/trades/nope')).body, 'application/problem+json');
  });
});
