/** The pure rules of providers: reading Retry-After, backoff, status kinds, safe details. */
import { describe, expect, it } from 'vitest';
import { isProviderError, kindOfStatus, ProviderError } from '../../src/providers/errors.js';
import { backoffMs, isRetryableStatus, retryAfterMs, safeDetail } from '../../src/providers/retry.js';

const NOW = Date.parse('2026-11-28T12:00:00Z');

describe('Retry-After', () => {
  it.each([
    ['0', 0],
    ['2', 2_000],
    [' 30 ', 30_000],
    ['Sat, 28 Nov 2026 12:01:30 GMT', 90_000],
    ['Sat, 28 Nov 2026 11:00:00 GMT', 0],
  ])('reads %j as %i ms', (header, ms) => {
    expect(retryAfterMs(header, NOW)).toBe(ms);
  });

  it.each([null, undefined, '', '1.5', '-3', 'soon', 'Caturday, 99 Foo GMT', '2026-11-28'])(
    'reads %j as no wait named',
    (header) => {
      expect(retryAfterMs(header, NOW)).toBeUndefined();
    },
  );
});

describe('backoff and retryable statuses', () => {
  it('doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(n, 1_000, 10_000))).toEqual([1_000, 2_000, 4_000, 8_000, 10_000]);
  });

  it('retries 429, 500, 502, 503, 504 and nothing else', () => {
    const statuses = [200, 304, 400, 401, 403, 404, 408, 422, 429, 500, 501, 502, 503, 504, 505];
    expect(statuses.filter(isRetryableStatus)).toEqual([429, 500, 502, 503, 504]);
  });

  it('names the kind of each final status', () => {
    expect([400, 401, 403, 404, 409, 429, 500, 503].map(kindOfStatus)).toEqual([
      'bad-request',
      'auth',
      'auth',
      'not-found',
      'bad-request',
      'rate-limited',
      'unavailable',
      'unavailable',
    ]);
  });
});

describe('safe details', () => {
  it("takes a problem's detail, else its title, message or error", () => {
    expect(safeDetail('{"title":"Not Found","detail":"No results found."}')).toBe('No results found.');
    expect(safeDetail('{"title":"Bad Request"}')).toBe('Bad Request');
    expect(safeDetail('{"error":"Not Found","path":"/x"}')).toBe('Not Found');
    expect(safeDetail('{"status":500}')).toBeUndefined();
  });

  it('takes the first line of text and nothing of an HTML page or broken JSON', () => {
    expect(safeDetail('No results found.\nsecond line')).toBe('No results found.');
    expect(safeDetail('<!DOCTYPE html><html>…')).toBeUndefined();
    expect(safeDetail('{"detail": ')).toBeUndefined();
    expect(safeDetail('   ')).toBeUndefined();
  });

  it('removes URLs, queries, key=value secrets and long tokens, and cuts at 160 characters', () => {
    expect(safeDetail('bad token=abc123 for /v1/x?apikey=zzz')).toBe('bad token=… for /v1/x?…');
    expect(safeDetail('see https://h.example/p?k=v now')).toBe('see … now');
    expect(safeDetail(`key ${'A'.repeat(40)} refused`)).toBe('key … refused');
    const long = safeDetail('word '.repeat(100)) ?? '';
    expect(long).toHaveLength(160);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('ProviderError', () => {
  it("prefixes the provider's name and carries the kind and facts", () => {
    const error = new ProviderError('ecb', 'rate-limited', 'slow down', { status: 429, retryAfterMs: 5_000, attempts: 2 });
    expect(error.message).toBe('ecb: slow down');
    expect(error).toMatchObject({ name: 'ProviderError', kind: 'rate-limited', provider: 'ecb', status: 429 });
    expect(error).toMatchObject({ retryAfterMs: 5_000, attempts: 2 });
    expect(isProviderError(error)).toBe(true);
    expect(isProviderError(new Error('ecb: slow down'))).toBe(false);
  });
});
