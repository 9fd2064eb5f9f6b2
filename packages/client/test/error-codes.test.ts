// TjApiError.code is typed with the server's codes (ErrorCode of @tj/schemas) and the client's own:
// the @ts-expect-error lines fail `tsc -p tsconfig.test.json` (pnpm lint) when a typo'd code compiles.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ClientErrorCode, type ErrorCode, isTjApiError, TjApiError, type TjApiErrorCode } from '../src/index.js';
import { readFailure } from '../src/response.js';

const url = 'http://127.0.0.1:1/api/trades/1';
const notFound = new TjApiError({ status: 404, code: 'not_found', message: 'gone', method: 'GET', url });

describe('the type of TjApiError.code', () => {
  it('is the union of the server codes and the client codes', () => {
    expectTypeOf(notFound.code).toEqualTypeOf<ErrorCode | ClientErrorCode>();
    expectTypeOf<'validation_failed'>().toExtend<TjApiErrorCode>();
    expectTypeOf<'network_error'>().toExtend<TjApiErrorCode>();
    expectTypeOf<'http_502'>().toExtend<TjApiErrorCode>();
    expectTypeOf<'no_such_code'>().not.toExtend<TjApiErrorCode>();
  });

  it('accepts a known code and refuses one that does not exist', () => {
    const known: TjApiErrorCode = 'rate_limited';
    const own: TjApiErrorCode = ClientErrorCode.timeout;
    // @ts-expect-error: no such code, on the server or in the client
    const unknown: TjApiErrorCode = 'rate_limitted';
    expect([known, own, unknown]).toEqual(['rate_limited', 'timeout', 'rate_limitted']);
    expect(notFound.code === 'not_found').toBe(true);
    // @ts-expect-error: comparing with a code that does not exist is a type error
    expect(notFound.code === 'notfound').toBe(false);
    expect(isTjApiError(notFound, 'not_found')).toBe(true);
    // @ts-expect-error: isTjApiError takes known codes only
    expect(isTjApiError(notFound, 'not-found')).toBe(false);
  });

  it('carries a code a newer server sends as it was sent', async () => {
    const body = { type: 'about:blank', title: 'Teapot', status: 418, code: 'some_future_code' };
    const error = await readFailure(new Response(JSON.stringify(body), { status: 418 }), 'GET', url);
    expect(error).toMatchObject({ status: 418, code: 'some_future_code' });
    const bare = await readFailure(new Response('<html>bad gateway</html>', { status: 502 }), 'GET', url);
    expect(bare.code).toBe('http_502');
  });
});
