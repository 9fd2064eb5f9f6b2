import { requestFingerprint } from '@tj/core/internal';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { caught, useCore } from '../support/core.js';

const USER = '01900000-0000-7000-8000-0000000000aa';
const response = { status: 201, body: '{"id":"x"}', headers: { location: '/api/trades/x' } };

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`idempotency records on ${db.name}`, () => {
    const h = useCore(db);
    const fp = (n: number) => requestFingerprint('POST', '/api/trades', { n });

    it('replays a completed request, refuses another request on its key, and reports one still running', async () => {
      const idem = h.core().idempotency;
      h.clock.set('2026-11-20T12:00:00.000Z');
      const claim = await idem.begin(USER, 'k1', fp(1));
      expect(claim.kind).toBe('claimed');
      expect((await caught(() => idem.begin(USER, 'k1', fp(1)))).code).toBe('idempotency_key_in_use');
      if (claim.kind === 'claimed') await claim.complete(response);
      expect(await idem.begin(USER, 'k1', fp(1))).toEqual({ kind: 'replay', response });
      expect((await caught(() => idem.begin(USER, 'k1', fp(2)))).code).toBe('idempotency_key_reused');
    });

    it('a claim whose request died is taken over after its lock, by the same request only', async () => {
      const idem = h.core().idempotency;
      h.clock.set('2026-11-20T12:00:00.000Z');
      expect((await idem.begin(USER, 'k2', fp(1))).kind).toBe('claimed');
      h.clock.set('2026-11-20T12:00:59.000Z');
      expect((await caught(() => idem.begin(USER, 'k2', fp(1)))).code).toBe('idempotency_key_in_use');
      h.clock.set('2026-11-20T12:01:01.000Z');
      expect((await caught(() => idem.begin(USER, 'k2', fp(2)))).code).toBe('idempotency_key_reused');
      expect((await idem.begin(USER, 'k2', fp(1))).kind).toBe('claimed');
    });

    it('keeps a key 24 hours, then it is free for any request; a released key is free at once', async () => {
      const idem = h.core().idempotency;
      h.clock.set('2026-11-20T12:00:00.000Z');
      const claim = await idem.begin(USER, 'k3', fp(1));
      if (claim.kind === 'claimed') await claim.complete(response);
      h.clock.set('2026-11-21T11:59:59.000Z');
      expect((await idem.begin(USER, 'k3', fp(1))).kind).toBe('replay');
      h.clock.set('2026-11-21T12:00:00.000Z');
      expect((await idem.begin(USER, 'k3', fp(2))).kind).toBe('claimed');
      const released = await idem.begin(USER, 'k4', fp(1));
      if (released.kind === 'claimed') await released.release();
      expect((await idem.begin(USER, 'k4', fp(2))).kind).toBe('claimed');
    });

    it('the fingerprint ignores key order but not values, method or path', () => {
      expect(requestFingerprint('POST', '/a', { x: 1, y: [1, { b: 2, a: 1 }] })).toBe(
        requestFingerprint('POST', '/a', { y: [1, { a: 1, b: 2 }], x: 1 }),
      );
      expect(requestFingerprint('POST', '/a', { x: 1 })).not.toBe(requestFingerprint('POST', '/a', { x: 2 }));
      expect(requestFingerprint('POST', '/a', { x: 1 })).not.toBe(requestFingerprint('POST', '/b', { x: 1 }));
      expect(requestFingerprint('POST', '/a', undefined)).not.toBe(requestFingerprint('PATCH', '/a', undefined));
    });
  });
}
