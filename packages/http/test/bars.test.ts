/**
 * The bars API over real HTTP (docs/api.md, "Bars"): a chart export in as the body or multipart,
 * detected, stored in one transaction; a re-import adds nothing; the series listed; a bad row,
 * naive times without sourceTz and a bad timeframe answered with a problem naming the line or the
 * field, nothing written; a series deleted; another user sees none of them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/databases.js';
import { call } from './support/http.js';
import { signUp, useServerWithUser } from './support/server.js';

const fixture = (name: string) => readFileSync(new URL(`../../core/test/fixtures/bars/${name}`, import.meta.url), 'utf8');

describe.each(DATABASES)('the bars API on $name', (db) => {
  describe.skipIf(!db.available)('', () => {
    const s = useServerWithUser(db, 'charter');
    const post = (body: string, query: string, type = 'text/csv') =>
      call(s.srv.url, 'POST', `/api/bars${query}`, { headers: { ...s.user.auth, 'content-type': type }, raw: body });

    it('imports a TradingView export as the body, adds nothing the second time, lists and deletes the series', async () => {
      const r = await post(fixture('tradingview-unix.csv'), '?instrument=esz6');
      expect(r.status).toBe(200);
      // Four 5-minute bars from 1793629800 (14:30Z) to 1793630700 (14:45Z).
      expect(r.body).toEqual({
        format: 'tradingview',
        instrument: 'ESZ6',
        timeframe: '5m',
        received: 4,
        written: 4,
        conflicts: 0,
        from: '2026-11-02T14:30:00.000Z',
        to: '2026-11-02T14:45:00.000Z',
      });
      expect((await post(fixture('tradingview-unix.csv'), '?instrument=ESZ6')).body).toMatchObject({ written: 0, conflicts: 0 });
      const list = await s.api('GET', '/api/bars');
      expect(list.body).toEqual({
        series: [
          { instrument: 'ESZ6', timeframe: '5m', count: 4, first: '2026-11-02T14:30:00.000Z', last: '2026-11-02T14:45:00.000Z' },
        ],
      });
      const other = await signUp(s.srv.url, 'other-charter');
      expect((await call(s.srv.url, 'GET', '/api/bars', { headers: other.auth })).body).toEqual({ series: [] });
      expect((await s.api('DELETE', '/api/bars?instrument=ESZ6&timeframe=5m')).body).toEqual({ deleted: 4 });
      expect((await s.api('GET', '/api/bars')).body).toEqual({ series: [] });
    });

    it('reads a multipart upload with its options as fields, and MetaTrader 5 times in the sourceTz given', async () => {
      const form = new FormData();
      form.append('instrument', 'US500');
      form.append('sourceTz', 'Europe/Athens');
      form.append('file', new Blob([fixture('metatrader5.csv')], { type: 'text/csv' }), 'us500-m15.csv');
      const res = await fetch(`${s.srv.url}/api/bars`, { method: 'POST', headers: s.user.auth, body: form });
      expect(res.status).toBe(200);
      // 16:30 EET (UTC+2) → 14:30Z; three 15-minute bars.
      expect(await res.json()).toMatchObject({
        format: 'metatrader5',
        timeframe: '15m',
        written: 3,
        from: '2026-11-02T14:30:00.000Z',
      });
    });

    it('answers a bad row, naive times without sourceTz and a bad timeframe with a 400 naming them, and writes nothing', async () => {
      const bad = await post(fixture('generic-bad-row.csv'), '?instrument=NQ');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        code: 'validation_failed',
        errors: [{ path: 'line 4', message: 'low 5003.25 is above high 5001' }],
      });
      const naive = await post(fixture('generic-naive.csv'), '?instrument=NQ');
      expect(naive.status).toBe(400);
      expect(naive.body.errors[0].path).toBe('line 2, column time');
      const timeframe = await post(fixture('generic.csv'), '?instrument=NQ&timeframe=2m');
      expect(timeframe.status).toBe(400);
      expect(timeframe.body.errors[0].path).toBe('timeframe');
      const noInstrument = await post(fixture('generic.csv'), '');
      expect(noInstrument.status).toBe(400);
      expect(noInstrument.body.errors[0].path).toBe('instrument');
      expect((await s.api('GET', '/api/bars')).body.series.filter((x: { instrument: string }) => x.instrument === 'NQ')).toEqual(
        [],
      );
      // The same naive file with its zone goes in.
      expect((await post(fixture('generic-naive.csv'), '?instrument=NQ&sourceTz=America/New_York')).body).toMatchObject({
        written: 5,
        from: '2026-11-02T14:30:00.000Z',
      });
    });

    it('refuses a body of another media type (415)', async () => {
      expect((await post('{}', '?instrument=ES', 'application/json')).status).toBe(415);
    });
  });
});
