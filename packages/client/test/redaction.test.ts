import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createClient, type TjApiError, type Tokens } from '../src/index.js';
import { useServer } from './support/server.js';
import { startStub } from './support/stub.js';

function everyRendering(error: unknown): string {
  const e = error as TjApiError;
  return [String(e), e.message, e.stack ?? '', JSON.stringify(e), inspect(e, { depth: 10, showHidden: true })].join('\n');
}

describe('the Authorization header never appears in an error', () => {
  const server = useServer();

  it('not in a server error (404) nor in a network error of a call that sent the bearer', async () => {
    const { client } = await server().loggedIn();
    const { accessToken, refreshToken } = client.getTokens() as Tokens;
    const notFound = await client.trades.get('0193a1b2-0000-7000-8000-000000000000').catch((e: unknown) => e);
    expect(notFound).toMatchObject({ status: 404, code: 'not_found' });
    const stub = await startStub(server().url, ['drop']);
    const viaStub = createClient({ baseUrl: stub.url, tokens: { accessToken, refreshToken }, retry: { retries: 0 } });
    const dropped = await viaStub.trades.list().catch((e: unknown) => e);
    await stub.close();
    expect(dropped).toMatchObject({ status: 0, code: 'network_error' });
    for (const error of [notFound, dropped]) {
      const text = everyRendering(error);
      expect(text).not.toContain(accessToken);
      expect(text).not.toContain(refreshToken);
      expect(text.toLowerCase()).not.toContain('bearer ');
    }
  });

  it('drops credentials of a base URL with userinfo from the error URL', async () => {
    const url = new URL(server().url);
    const client = createClient({
      baseUrl: `http://user:s3cret@${url.host}`,
      fetch: (input, init) => fetch(server().url + new URL(String(input)).pathname, init),
    });
    const error = await client.trades.list().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, url: `http://${url.host}/api/trades` });
    expect(everyRendering(error)).not.toContain('s3cret');
  });
});
