/**
 * The SDK names itself in Node (`User-Agent: tj-client/<version of @tj/client>`), unless the app
 * sets its own; the requests reach a real server through a loopback stub that records them.
 */
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_USER_AGENT, createClient } from '../src/index.js';
import { useServer } from './support/server.js';
import { type Stub, startStub } from './support/stub.js';

const { version } = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

describe('the User-Agent of the SDK in Node', () => {
  const server = useServer();
  let stub: Stub | undefined;
  afterEach(() => stub?.close());

  it('is tj-client/<the version in package.json> on every request', async () => {
    stub = await startStub(server().url, []);
    const client = createClient({ baseUrl: stub.url });
    await client.health();
    await expect(client.trades.list()).rejects.toMatchObject({ status: 401 });
    expect(CLIENT_USER_AGENT).toBe(`tj-client/${version}`);
    expect(stub.seen.map((r) => r.userAgent)).toEqual([`tj-client/${version}`, `tj-client/${version}`]);
  });

  it("gives way to the app's own, however the app spells the header", async () => {
    stub = await startStub(server().url, []);
    await createClient({ baseUrl: stub.url, headers: { 'User-Agent': 'my-app/2.0' } }).health();
    await createClient({ baseUrl: stub.url, headers: { 'user-agent': 'my-app/3.0' } }).health();
    expect(stub.seen.map((r) => r.userAgent)).toEqual(['my-app/2.0', 'my-app/3.0']);
  });
});
