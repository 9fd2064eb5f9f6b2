import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { tradeBody } from './support/http.js';
import { useServerWithUser } from './support/server.js';

describe.each(DATABASES)('corporate actions on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    const { api } = useServerWithUser(db, 'splitter');

    it('POST splits the open trade 4:1 (201, Location, the adjusted ids), GET lists it, DELETE undoes it (204)', async () => {
      // Long 100 at 200.00 with a stop at 190, entered before the split.
      const open = (
        await api(
          'POST',
          '/api/trades',
          tradeBody({ instrument: 'AAPL', entryPrice: 200, positionSize: 100, stopLoss: 190, entryTime: '2024-08-26T14:30:00Z' }),
        )
      ).body;
      const c = await api('POST', '/api/corporate-actions', {
        kind: 'split',
        instrument: 'AAPL',
        ratio: '4:1',
        effectiveAt: '2024-08-31',
      });
      expect(c.status).toBe(201);
      expect(c.headers.get('location')).toBe(`/api/corporate-actions/${c.body.id}`);
      expect(c.body).toMatchObject({
        kind: 'split',
        ratio: '4:1',
        effectiveAt: '2024-08-31T00:00:00.000Z',
        adjustedTradeIds: [open.id],
      });
      // 100 × 4 = 400 at 200 ÷ 4 = 50, stop 190 ÷ 4 = 47.5.
      expect((await api('GET', `/api/trades/${open.id}`)).body).toMatchObject({
        positionSize: 400,
        entryPrice: 50,
        stopLoss: 47.5,
      });
      const list = await api('GET', '/api/corporate-actions?instrument=AAPL');
      expect(list.status).toBe(200);
      const { adjustedTradeIds: _, ...record } = c.body;
      expect(list.body).toEqual({ corporateActions: [record] });
      const dup = await api('POST', '/api/corporate-actions', {
        kind: 'split',
        instrument: 'AAPL',
        ratio: '4:1',
        effectiveAt: '2024-08-31',
      });
      expect(dup.status).toBe(409);
      expect(dup.body).toMatchObject({ code: 'conflict', title: 'Conflict' });
      expect((await api('DELETE', `/api/corporate-actions/${c.body.id}`)).status).toBe(204);
      expect((await api('GET', `/api/trades/${open.id}`)).body).toMatchObject({
        positionSize: 100,
        entryPrice: 200,
        stopLoss: 190,
      });
      expect((await api('DELETE', `/api/corporate-actions/${c.body.id}`)).status).toBe(404);
    });

    it('answers a bad ratio, a missing one and a date in the future with a 400 problem naming the field', async () => {
      const bad = async (body: Record<string, unknown>) => {
        const r = await api('POST', '/api/corporate-actions', {
          kind: 'split',
          instrument: 'XYZ',
          effectiveAt: '2025-02-17',
          ...body,
        });
        expect(r.status).toBe(400);
        expect(r.headers.get('content-type')).toContain('application/problem+json');
        expect(r.body.code).toBe('validation_failed');
        return r.body.errors;
      };
      expect(await bad({ ratio: '1:1' })).toEqual([
        { path: 'ratio', message: 'must change the number of shares (a 1:1 split changes nothing)' },
      ]);
      expect(await bad({ ratio: '-1:10' })).toEqual([
        {
          path: 'ratio',
          message:
            'must be a split ratio new:old, each > 0 with at most 8 decimals and at most 1000000: 4:1 (forward), 1:10 (reverse), 3:2',
        },
      ]);
      expect(await bad({ ratio: 4 })).toEqual([{ path: 'ratio', message: 'must be text' }]);
      expect(await bad({})).toEqual([{ path: 'ratio', message: 'required for a split (new:old, such as 4:1 or 1:10)' }]);
      const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      expect(await bad({ ratio: '1:10', effectiveAt: future })).toEqual([
        { path: 'effectiveAt', message: 'must not be in the future (record an action once it has taken effect)' },
      ]);
      expect(await bad({ ratio: '1:10', shares: 3 })).toEqual([{ path: 'shares', message: 'is not a known field' }]);
      expect((await api('GET', '/api/corporate-actions?idPrefix=zz')).status).toBe(400);
    });

    it('a symbol change renames the open trade; its delete is refused once the trade went on past it', async () => {
      const open = (await api('POST', '/api/trades', tradeBody({ instrument: 'FB', entryTime: '2022-06-01T14:30:00Z' }))).body;
      const c = await api('POST', '/api/corporate-actions', {
        kind: 'symbolChange',
        instrument: 'FB',
        newInstrument: 'META',
        effectiveAt: '2022-06-09',
      });
      expect(c.body).toMatchObject({ newInstrument: 'META', ratio: null, adjustedTradeIds: [open.id] });
      await api('PATCH', `/api/trades/${open.id}`, { exitPrice: 110, exitTime: '2022-06-10T15:00:00Z' });
      const refused = await api('DELETE', `/api/corporate-actions/${c.body.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toContain(`trade(s) ${open.id} went on past it`);
    });
  });
});
