/**
 * Fuzzes the server with malformed requests (a fixed seed, so a failure replays) and fails on any
 * 5xx: every bad input must get a clear 4xx. Requests mutate valid ones: wrong methods, odd paths
 * and ids, garbage query values, missing or broken credentials, wrong content types, bodies with
 * values of the wrong type or range, NUL characters, unknown fields, broken JSON and invalid UTF-8;
 * then hostile uploads (one kind per input bound, whole or mangled) and deeply nested JSON bodies.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { apiRoutes } from '@tj/http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import type { HostileFile } from '../../../test/support/hostile-files.js';
import * as hostile from '../../../test/support/hostile-files.js';
import { call, tradeBody } from './support/http.js';
import { signUp, startTestServer, type TestServer } from './support/server.js';

const RUNS = Number(process.env.TJ_FUZZ_RUNS ?? 2000);
const SEED = 20261120;
const UPLOAD_RUNS = Math.max(10, Math.round(RUNS / 25));

const HOSTILE_LIMITS = { maxRecords: 20_000, maxBytes: 2_000_000, maxMemoryBytes: 4 * 1024 * 1024 };

/** Hostile files of every kind (see test/support/hostile-files.ts), sized from `n` in 0…1 to trip their bound or not. */
const HOSTILE: Array<(n: number) => HostileFile> = [
  (n) => hostile.nestedXml(Math.round(10 + n * 2_000_000)),
  (n) => hostile.manyXmlElements(Math.round(100 + n * 30_000)),
  (n) => hostile.longXmlAttribute(Math.round(100 + n * 2_000_000)),
  (n) => hostile.longXmlText(Math.round(100 + n * 2_000_000)),
  (n) => hostile.longCsvRecord(Math.round(100 + n * 2_000_000)),
  (n) => hostile.manyCsvRecords(Math.round(10 + n * 25_000)),
  (n) => hostile.bigCsv(Math.round(10 + n * 8_000)),
  (n) => hostile.openPositionFills(Math.round(10 + n * 15_000)),
  (n) => hostile.newestFirstFills(Math.round(10 + n * 15_000)),
];

/** A hostile file's bytes, then mangled: cut short, a byte flipped, garbage spliced in, or a BOM put first. */
function mangled(file: HostileFile, how: number, at: number, garbage: Uint8Array): Buffer {
  const bytes = Buffer.concat([...file.chunks()]);
  const cut = Math.floor(at * bytes.length);
  switch (how) {
    case 1:
      return bytes.subarray(0, cut);
    case 2:
      if (bytes.length > 0) {
        const i = Math.min(cut, bytes.length - 1);
        bytes[i] = (bytes[i] as number) ^ 0xff;
      }
      return bytes;
    case 3:
      return Buffer.concat([bytes.subarray(0, cut), garbage, bytes.subarray(cut)]);
    case 4:
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
    default:
      return bytes;
  }
}

/** A valid body for each route that takes one, as the starting point of mutations. */
const VALID_BODIES: Record<string, () => Record<string, unknown>> = {
  'POST /api/trades': () => tradeBody({ exitPrice: 5010, exitTime: '2026-01-05T16:00:00Z', tags: ['a'], fees: 1, multiplier: 2 }),
  'PATCH /api/trades/:id': () => ({ exitPrice: 5010, notes: 'n', result: 12 }),
  'POST /api/journal': () => ({
    date: '2026-02-03',
    premarketAnalysis: 'p',
    emotionalState: { focus: 3 },
    lessonsLearned: ['l'],
  }),
  'PATCH /api/journal/:id': () => ({ tradingPlan: 't', emotionalState: { stress: 2 }, tags: ['x'] }),
  'POST /api/alerts': () => ({ name: 'a', type: 'maxDrawdown', threshold: 100, tz: 'Europe/London' }),
  'PATCH /api/alerts/:id': () => ({ threshold: 5, active: false }),
  'POST /api/webhooks': () => ({ url: 'http://127.0.0.1:9/hook', events: ['trade.closed'], secret: 'a'.repeat(20) }),
  'POST /api/keys': () => ({ name: 'k', scopes: ['read'] }),
  'POST /api/auth/login': () => ({ email: 'fuzz@example.com', password: 'whatever pass' }),
  'POST /api/auth/register': () => ({ email: 'new@example.com', name: 'N', password: 'long enough' }),
  'POST /api/auth/refresh': () => ({ refreshToken: 'tjr_x' }),
  'POST /api/auth/logout': () => ({ refreshToken: 'tjr_x' }),
  'POST /api/auth/login/otp': () => ({ otpToken: 'x.y.z', code: '123456' }),
  'POST /api/auth/totp/confirm': () => ({ code: '123456' }),
  'POST /api/auth/totp/disable': () => ({ code: '123456' }),
};

const NASTY_STRINGS = ['\u0000', 'a\u0000b', '\ud800', '\uffff', ' ', '', 'x'.repeat(70_000), '../../etc', '%00', '🙂', '\r\n'];
const NASTY_NUMBERS = [0, -0, -1, 1e-320, 1e-13, 1e13, 2e26, 9.3e18, 1e308, -1e308, 0.1 + 0.2, 2 ** 53 + 1];

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...NASTY_STRINGS, ...NASTY_NUMBERS, null, true, [], {}, [null], { a: { b: { c: [1] } } }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
);

/** Strings made odd: a NUL or another rare character inside. */
const oddString = (text: string) => fc.constantFrom(...NASTY_STRINGS).map((odd) => `${text}${odd}${text}`);
/** Numbers pushed out of range. */
const oddNumber = (n: number) =>
  fc.oneof(
    fc.constantFrom(...NASTY_NUMBERS),
    fc.constantFrom(1e6, 1e10, 1e20, -1).map((f) => n * f),
  );

/** A value of the same kind made odd, or one of another kind. */
function mutate(value: unknown): fc.Arbitrary<unknown> {
  if (typeof value === 'string')
    return fc.oneof({ arbitrary: oddString(value), weight: 3 }, { arbitrary: nastyValue, weight: 1 });
  if (typeof value === 'number')
    return fc.oneof({ arbitrary: oddNumber(value), weight: 3 }, { arbitrary: nastyValue, weight: 1 });
  if (Array.isArray(value) && value.length > 0) return mutate(value[0]).map((v) => [...value.slice(1), v]);
  if (value && typeof value === 'object') {
    const [k, v] = Object.entries(value)[0] ?? ['x', 1];
    return mutate(v).map((m) => ({ ...value, [k]: m }));
  }
  return nastyValue;
}

/** A mutated body: one field made odd, replaced, removed or added, or the whole body replaced. */
const bodyOf = (base: Record<string, unknown> | undefined): fc.Arbitrary<unknown> => {
  if (base === undefined) return fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: nastyValue, weight: 1 });
  const keys = Object.keys(base);
  return fc.oneof(
    {
      arbitrary: fc.constantFrom(...keys).chain((key) => mutate(base[key]).map((value) => ({ ...base, [key]: value }))),
      weight: 6,
    },
    {
      arbitrary: fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(base).filter(([k]) => k !== key))),
      weight: 1,
    },
    {
      arbitrary: fc
        .record({ key: fc.string({ maxLength: 12 }), value: nastyValue })
        .map(({ key, value }) => ({ ...base, [key]: value })),
      weight: 1,
    },
    { arbitrary: nastyValue, weight: 1 },
    { arbitrary: fc.constant(base), weight: 1 },
  );
};

/** `arb` in one request out of `every`, else undefined. */
const sometimes = <T>(arb: fc.Arbitrary<T>, every: number) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: every - 1 }, { arbitrary: arb, weight: 1 });

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

function send(url: string, agent: Agent, r: FuzzRequest): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${r.path}`, { method: r.method, headers: r.headers, agent }, (res) => {
      let text = '';
      res.on('data', (d) => {
        text += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(r.body);
  });
}

describe.each(DATABASES)('fuzzing the API on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    let srv: TestServer;
    let ids: string[];
    let auth: string[];
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    beforeAll(async () => {
      // Bounds small enough that the hostile uploads below trip each of them quickly.
      srv = await startTestServer(db, { rateLimit: false, inputLimits: HOSTILE_LIMITS });
      const u = await signUp(srv.url, 'fuzz');
      const api = (m: string, p: string, json?: unknown) => call(srv.url, m, p, { headers: u.auth, json });
      const key = (await api('POST', '/api/keys', { name: 'fuzz', scopes: ['read', 'write'] })).body.key;
      ids = [
        (await api('POST', '/api/trades', tradeBody())).body.id,
        (await api('POST', '/api/journal', { date: '2026-01-01' })).body.id,
        (await api('POST', '/api/alerts', { name: 'a', type: 'missingStopLoss' })).body.id,
        (await api('POST', '/api/webhooks', { url: 'http://127.0.0.1:9/x', events: ['*'] })).body.id,
      ];
      auth = [
        u.auth.authorization as string,
        `Bearer ${key}`,
        'Bearer nope',
        `Bearer ${key}x`,
        'Basic abc',
        `Bearer ${'x'.repeat(5000)}`,
      ];
    });
    afterAll(async () => {
      agent.destroy();
      await srv?.close();
    });

    it(`answers ${RUNS} malformed requests without a single 5xx`, { timeout: 300_000 }, async () => {
      const routes = apiRoutes(() => ({}));
      const idArb = fc.oneof(
        fc.constantFrom(...ids),
        fc.constant(randomUUID()),
        fc.constantFrom('statistics', '%00', 'x'.repeat(300), '..', 'ÿ'),
      );
      const requestArb: fc.Arbitrary<FuzzRequest> = fc
        .record({
          // Routes that take a body come up more often: that is where input reaches the database.
          route: fc.oneof(
            { arbitrary: fc.constantFrom(...routes.filter((r) => r.body)), weight: 3 },
            { arbitrary: fc.constantFrom(...routes), weight: 2 },
          ),
          method: sometimes(fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'HEAD', 'OPTIONS'), 6),
          id: idArb,
          query: sometimes(
            fc.array(
              fc.tuple(
                fc.constantFrom(
                  'page',
                  'limit',
                  'status',
                  'instrument',
                  'dateFrom',
                  'dateTo',
                  'tz',
                  'period',
                  'category',
                  'bucketSize',
                  'startingBalance',
                  'type',
                  'x',
                ),
                fc.oneof(
                  fc.constantFrom(
                    '0',
                    '-1',
                    '1e309',
                    'NaN',
                    '%00',
                    'E\u0000S',
                    '2026-13-45',
                    'Mars/Base',
                    '',
                    '9'.repeat(400),
                    '0.0000001',
                  ),
                  fc.string({ maxLength: 10 }),
                ),
              ),
              { maxLength: 3 },
            ),
            3,
          ),
          auth: fc.oneof({ arbitrary: fc.constant(0), weight: 4 }, { arbitrary: fc.constantFrom(-1, ...auth.keys()), weight: 1 }),
          contentType: fc.oneof(
            { arbitrary: fc.constant('application/json'), weight: 6 },
            {
              arbitrary: fc.constantFrom('application/json; charset=utf-8', 'text/plain', undefined, 'application/jsonx'),
              weight: 1,
            },
          ),
          idempotencyKey: sometimes(fc.constantFrom('k1', 'k2', ' bad key ', 'x'.repeat(300)), 4),
          rawBody: sometimes(
            fc.oneof(fc.uint8Array({ maxLength: 64 }), fc.constantFrom('{', '{"a":', '[]', 'null', '1e999', '{"a":1}{"b":2}')),
            8,
          ),
        })
        .chain((r) =>
          bodyOf(VALID_BODIES[`${r.route.method} ${r.route.path}`]?.()).map((body) => {
            const path = r.route.path.replace(/:\w+/g, () => encodeURIComponent(r.id).replace('%2500', '%00'));
            const search = new URLSearchParams(r.query ?? []).toString();
            const headers: Record<string, string> = {};
            if (r.auth >= 0) headers.authorization = auth[r.auth] as string;
            if (r.contentType) headers['content-type'] = r.contentType;
            if (r.idempotencyKey) headers['idempotency-key'] = r.idempotencyKey;
            const method = r.method ?? r.route.method;
            const raw = r.rawBody === undefined ? (body === undefined ? undefined : JSON.stringify(body)) : r.rawBody;
            const bytes =
              raw === undefined || method === 'GET' || method === 'HEAD' ? undefined : Buffer.from(raw as string | Uint8Array);
            return { method, path: search ? `${path}?${search}` : path, headers, body: bytes };
          }),
        );
      const seen = new Map<number, number>();
      let created = 0;
      await fc.assert(
        fc.asyncProperty(requestArb, async (r) => {
          const { status, text } = await send(srv.url, agent, r);
          seen.set(status, (seen.get(status) ?? 0) + 1);
          if (status === 201) created++;
          if (status >= 500) throw new Error(`${r.method} ${r.path} answered ${status}: ${text.slice(0, 200)}`);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      expect(srv.logs.filter((l) => l.level === 'error')).toEqual([]);
      // The fuzzer reached past validation too: successes as well as many kinds of refusal.
      expect(created).toBeGreaterThan(RUNS / 100);
      expect([...seen.keys()].filter((s) => s >= 400).length).toBeGreaterThanOrEqual(6);
    });

    it(`answers ${UPLOAD_RUNS} hostile uploads and bodies, whole or mangled, without a 5xx`, { timeout: 300_000 }, async () => {
      const uploadArb = fc.record({
        kind: fc.nat({ max: HOSTILE.length - 1 }),
        size: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0.6, 0.8, 1)),
        how: fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: fc.nat({ max: 4 }), weight: 2 }),
        at: fc.double({ min: 0, max: 1, noNaN: true }),
        garbage: fc.uint8Array({ maxLength: 32 }),
        dryRun: fc.boolean(),
        contentType: fc.constantFrom('text/csv', 'application/xml', 'application/octet-stream', 'text/plain'),
        json: sometimes(fc.integer({ min: 20, max: 200_000 }), 5),
      });
      const seen = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(uploadArb, async (u) => {
          const r: FuzzRequest =
            u.json === undefined
              ? {
                  method: 'POST',
                  path: `/api/imports${u.dryRun ? '?dryRun=true' : ''}`,
                  headers: { authorization: auth[0] as string, 'content-type': u.contentType },
                  body: mangled((HOSTILE[u.kind] as (n: number) => HostileFile)(u.size), u.how, u.at, u.garbage),
                }
              : {
                  method: 'POST',
                  path: '/api/trades',
                  headers: { authorization: auth[0] as string, 'content-type': 'application/json' },
                  body: Buffer.from(`{"instrument":${hostile.deepJson(u.json)}}`),
                };
          const { status, text } = await send(srv.url, agent, r);
          seen.set(status, (seen.get(status) ?? 0) + 1);
          if (status >= 500) throw new Error(`${r.method} ${r.path} answered ${status}: ${text.slice(0, 200)}`);
        }),
        { seed: SEED, numRuns: UPLOAD_RUNS, endOnFailure: true },
      );
      expect(srv.logs.filter((l) => l.level === 'error')).toEqual([]);
      // Bounds tripped (413) as well as files refused for what they hold (400) and files read.
      expect(seen.get(413) ?? 0).toBeGreaterThan(0);
      expect((await call(srv.url, 'GET', '/api/health')).status).toBe(200);
    });
  });
});
