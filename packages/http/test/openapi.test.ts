import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';

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
  'get /api/reports/summary',
  'get /api/reports/summary.html',
];

describe('the OpenAPI document', () => {
  let srv: TestServer;
  let doc: any;
  beforeAll(async () => {
    srv = await startTestServer();
    const r = await call(srv.url, 'GET', '/api/openapi.json');
    expect(r.status).toBe(200);
    doc = r.body;
  });
  afterAll(() => srv?.close());

  it('is a valid OpenAPI 3.1 document (checked by a validator)', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result).toEqual({ valid: true });
    expect(validator.version).toBe('3.1');
    expect(doc.openapi).toBe('3.1.0');
    // The version it states is @tj/http's own (scripts/versions.mjs), not a number written twice.
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(doc.info.version).toBe(pkg.version);
  });

  it('has every endpoint of service-api.md at its exact path, and the additions', () => {
    const operations = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops as object).map((m) => `${m} ${p}`));
    for (const op of [...SPEC_ENDPOINTS, ...ADDITIONS]) expect(operations).toContain(op);
  });

  it('marks token-protected operations with bearer auth and the scope an API key needs; login, refresh and health are public', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.bearerAuth.description).toContain('tj_live_');
    expect(doc.paths['/api/trades'].get.security).toEqual([{ bearerAuth: ['read'] }]);
    expect(doc.paths['/api/trades'].post.security).toEqual([{ bearerAuth: ['write'] }]);
    expect(doc.paths['/api/webhooks'].get.security).toEqual([{ bearerAuth: ['webhooks'] }]);
    expect(doc.paths['/api/keys'].post.security).toEqual([{ bearerAuth: ['admin'] }]);
    expect(doc.paths['/api/auth/login/otp'].post.security).toEqual([]);
    expect(doc.paths['/api/auth/login'].post.security).toEqual([]);
    expect(doc.paths['/api/health'].get.security).toEqual([]);
  });

  it('takes a full id or a short id in every id path, answering 404 and 409 (ambiguous_id) there; a profile name is a name', () => {
    const idPaths = Object.entries(doc.paths).flatMap(([p, ops]) =>
      /\{(id|deliveryId)\}/.test(p) ? Object.values(ops as Record<string, any>) : [],
    );
    expect(idPaths.length).toBeGreaterThan(15);
    for (const op of idPaths) {
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['404', '409']));
      for (const param of op.parameters.filter((x: { in?: string }) => x.in === 'path')) {
        const pattern = new RegExp(param.schema.pattern);
        expect(pattern.test('0193ab4f-1c2a-7a3f-8e21-5b0c9d3f7a61'), op.operationId).toBe(true);
        expect(pattern.test('0C9D3F7A61'), op.operationId).toBe(true);
        expect(pattern.test('0193ab4f'), op.operationId).toBe(false);
      }
    }
    const profile = doc.paths['/api/imports/profiles/{name}'].get.parameters.find((x: { in?: string }) => x.in === 'path');
    expect(profile.schema.format).not.toBe('uuid');
    if (profile.schema.pattern !== undefined) expect(new RegExp(profile.schema.pattern).test('ibkr-daily')).toBe(true);
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
    expect(params).toEqual([
      'query:page',
      'query:limit',
      'query:instrument',
      'query:account',
      'query:assetClass',
      'query:setup',
      'query:tag',
      'query:strategy',
      'query:dateFrom',
      'query:dateTo',
      'query:status',
      'query:currency',
      'query:idPrefix',
      'query:tz',
    ]);
    const limit = doc.paths['/api/trades'].get.parameters.find((p: { name: string }) => p.name === 'limit');
    expect(limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
  });

  it('states the rules the server enforces: stop and target sides, 3,700 periods, IANA zones, http(s) targets, bounds, no NUL', () => {
    const create = doc.components.schemas.TradeCreate.properties;
    expect(create.stopLoss.description).toContain(
      'losing side of the entry (below entryPrice for a long trade, above it for a short one)',
    );
    expect(create.takeProfit.description).toContain('winning side');
    expect(create.positionSize).toMatchObject({ minimum: 1e-12, maximum: 1e12 });
    expect(create.positionSize.description).toContain('must not exceed 1e12');
    expect(create.multiplier.maximum).toBe(1e9);
    expect(create.instrument.pattern).toBe('^[^\\u0000]*$');
    expect(doc.components.schemas.JournalEntryCreate.properties.tradingPlan.pattern).toBe('^[^\\u0000]*$');
    const perf = doc.paths['/api/analytics/performance'].get.parameters;
    expect(perf.find((p: { name: string }) => p.name === 'dateFrom').schema.description).toContain('at most 3,700 periods');
    expect(perf.find((p: { name: string }) => p.name === 'tz').schema.description).toContain('IANA time zone name');
    expect(doc.components.schemas.WebhookCreate.properties.url.description).toContain('http or https address');
    expect(doc.paths['/api/trades'].post.parameters).toEqual([{ $ref: '#/components/parameters/IdempotencyKey' }]);
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: false });
  });

  it('documents problem responses, with Allow, WWW-Authenticate and Retry-After where they apply', () => {
    expect(doc.paths['/api/trades/{id}'].get.responses['404']).toEqual({ $ref: '#/components/responses/Problem404' });
    expect(doc.components.responses.Problem401.headers['WWW-Authenticate']).toBeDefined();
    expect(doc.components.responses.Problem429.headers['Retry-After']).toBeDefined();
    expect(Object.keys(doc.components.responses.Problem401.content)).toEqual(['application/problem+json']);
  });
});
