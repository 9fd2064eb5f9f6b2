/**
 * Rough edges of the API a newcomer hit (issue 30), over real HTTP: a missing field says
 * `required` whatever its kind, bounds are written as people write numbers, a file no format knows
 * is answered with the API's own advice, and the 405s of fixed paths that shadow `{id}` paths are
 * in the OpenAPI document.
 */
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { call, tradeBody } from './support/http.js';
import { useServerWithUser } from './support/server.js';

/** Exponent notation in a message: `1e-12`, `1e+21`, `2E9`. */
const EXPONENT = /\d[eE][-+]?\d/;

type Problem = { status: number; code: string; detail: string; errors?: { path: string; message: string }[] };

describe.each(DATABASES)('the API’s rough edges (issue 30) on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    const session = useServerWithUser(db, 'edges');
    const api = session.api;

    /** The field errors of a request that must fail validation, by path. */
    async function fieldMessages(method: string, path: string, json?: unknown): Promise<Record<string, string>> {
      const r = await api<Problem>(method, path, json);
      expect(r.status, r.text).toBe(400);
      expect(r.body.code).toBe('validation_failed');
      return Object.fromEntries((r.body.errors ?? []).map((e) => [e.path, e.message]));
    }

    it('says required for a missing field of every kind: text, enum, number, date-time, list, query enum', async () => {
      expect(await fieldMessages('POST', '/api/trades', {})).toEqual({
        instrument: 'required',
        direction: 'required',
        entryPrice: 'required',
        positionSize: 'required',
        entryTime: 'required',
      });
      expect(await fieldMessages('POST', '/api/alerts', { name: 'cap' })).toEqual({ type: 'required' });
      expect(await fieldMessages('POST', '/api/corporate-actions', { instrument: 'AAPL' })).toEqual({
        kind: 'required',
        effectiveAt: 'required',
      });
      expect(await fieldMessages('POST', '/api/webhooks', {})).toEqual({ url: 'required', events: 'required' });
      expect(await fieldMessages('GET', '/api/analytics/by-category')).toEqual({ category: 'required' });
      expect(await fieldMessages('POST', '/api/fx/rates', { rates: [{ base: 'EUR', quote: 'USD', rate: '1.1' }] })).toEqual({
        'rates.0.date': 'required',
      });
    });

    it('still says what is wrong with a field that was sent: a value outside an enum, a null, a wrong kind', async () => {
      const { direction: wrong } = await fieldMessages('POST', '/api/trades', tradeBody({ direction: 'up' }));
      expect(wrong).toBe('must be one of long, short');
      const { direction: nothing } = await fieldMessages('POST', '/api/trades', tradeBody({ direction: null }));
      expect(nothing).toBe('must be one of long, short');
      const { entryPrice } = await fieldMessages('POST', '/api/trades', tradeBody({ entryPrice: 'cheap' }));
      expect(entryPrice).toBe('must be a number');
    });

    it('writes bounds as people write numbers, never in exponent notation', async () => {
      const cases: [string, string, unknown, string, string][] = [
        [
          'POST',
          '/api/trades',
          tradeBody({ positionSize: 1e-20 }),
          'positionSize',
          'must be greater than 0 (at least 0.000000000001)',
        ],
        ['POST', '/api/trades', tradeBody({ positionSize: 2e12 }), 'positionSize', 'must be at most 1,000,000,000,000'],
        ['POST', '/api/trades', tradeBody({ multiplier: 2e9 }), 'multiplier', 'must be at most 1,000,000,000'],
        [
          'POST',
          '/api/trades',
          tradeBody({ exitPrice: 1e-13, exitTime: '2026-01-05T15:00:00Z' }),
          'exitPrice',
          'must be 0 or at least 0.000000000001',
        ],
        ['POST', '/api/trades', tradeBody({ fees: 5e12 }), 'fees', 'must be at most 1,000,000,000,000'],
        [
          'POST',
          '/api/trades',
          tradeBody({ entryPrice: 1e6, positionSize: 1e7, stopLoss: 9e5, takeProfit: 2e6 }),
          'positionSize',
          'entryPrice × positionSize × multiplier must not exceed 1,000,000,000,000 (the position is too large to compute)',
        ],
        ['PATCH', '/api/settings', { defaultRisk: 1e-15 }, 'defaultRisk', 'must be greater than 0 (at least 0.000000000001)'],
        [
          'GET',
          '/api/analytics/equity-curve?startingBalance=1e13',
          undefined,
          'startingBalance',
          'must be at most 1,000,000,000,000',
        ],
      ];
      for (const [method, path, body, field, message] of cases) {
        const errors = await fieldMessages(method, path, body);
        expect(errors[field], `${method} ${path} ${field}`).toBe(message);
        for (const m of Object.values(errors)) expect(m).not.toMatch(EXPONENT);
      }
    });

    it('answers a file no format knows with the API’s advice (endpoint, parameters), as words and as data', async () => {
      const r = await call(session.srv.url, 'POST', '/api/imports', {
        headers: { ...session.user.auth, 'content-type': 'text/csv' },
        raw: 'When,What,HowMany\n2026-01-05,ES,1\n',
      });
      expect(r.status, r.text).toBe(400);
      expect(r.body.code).toBe('validation_failed');
      expect(r.body.detail).toMatch(/^not a format tj knows \(no known format recognises its header\); the closest is /);
      expect(r.body.detail).toMatch(
        /; see the formats with GET \/api\/imports\/formats, force one with the format parameter \(format=NAME\), or map the columns with the map parameter$/,
      );
      expect(r.body.detail).not.toMatch(/--|tj import/);
      expect(r.body.advice).toEqual([
        { action: 'see the formats', operation: 'listImportFormats' },
        { action: 'force one', parameter: 'format', value: 'NAME' },
        { action: 'map the columns', parameter: 'map' },
      ]);
    });

    it('lists a 405 where a fixed path shadows an {id} path, and the server answers exactly those', async () => {
      const doc = (await call(session.srv.url, 'GET', '/api/openapi.json')).body;
      const statistics = doc.paths['/api/trades/statistics'];
      expect(Object.keys(statistics).sort()).toEqual(['delete', 'get', 'patch']);
      expect(statistics.patch.responses).toEqual({ '405': { $ref: '#/components/responses/Problem405' } });
      expect(statistics.patch.summary).toContain('/api/trades/{id}');
      const refused = Object.entries(doc.paths as Record<string, Record<string, { responses: object }>>).flatMap(([path, ops]) =>
        Object.entries(ops)
          .filter(([, op]) => Object.keys(op.responses).join() === '405')
          .map(([method]) => [method.toUpperCase(), path] as const),
      );
      expect(refused).toContainEqual(['DELETE', '/api/imports/formats']);
      for (const [method, path] of refused) {
        const r = await api(method, path);
        expect(r.status, `${method} ${path}`).toBe(405);
        expect(r.body.code).toBe('method_not_allowed');
        expect(r.headers.get('allow')).not.toContain(method);
      }
    });
  });
});
