import { ErrorCode } from '@tj/core';
import { STATUS_OF_CODE } from '@tj/http';
import { describe, expect, it } from 'vitest';
import { TokenCache } from '../src/auth/token-cache.js';

describe('STATUS_OF_CODE', () => {
  it('maps every core error code to an error status, as the contract lists them', () => {
    for (const code of Object.values(ErrorCode)) expect(STATUS_OF_CODE[code]).toBeGreaterThanOrEqual(400);
    expect(STATUS_OF_CODE).toMatchObject({
      invalid_json: 400,
      validation_failed: 400,
      unauthorized: 401,
      token_expired: 401,
      invalid_credentials: 401,
      invalid_refresh_token: 401,
      forbidden: 403,
      registration_closed: 403,
      not_found: 404,
      method_not_allowed: 405,
      conflict: 409,
      payload_too_large: 413,
      unsupported_media_type: 415,
      rate_limited: 429,
      internal_error: 500,
    });
  });
});

describe('TokenCache', () => {
  const entry = (userId: string, exp: number) => ({ userId, exp, userCheckedAt: 0 });

  it('answers a cached token until its exp', () => {
    const cache = new TokenCache(10);
    cache.set('t', entry('u', 100));
    expect(cache.get('t', 99)?.userId).toBe('u');
    expect(cache.get('t', 100)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('is bounded: the least recently used token is evicted', () => {
    const cache = new TokenCache(2);
    cache.set('a', entry('1', 100));
    cache.set('b', entry('2', 100));
    cache.get('a', 0);
    cache.set('c', entry('3', 100));
    expect(cache.size).toBe(2);
    expect(cache.get('b', 0)).toBeUndefined();
    expect(cache.get('a', 0)?.userId).toBe('1');
    expect(cache.get('c', 0)?.userId).toBe('3');
  });
});
