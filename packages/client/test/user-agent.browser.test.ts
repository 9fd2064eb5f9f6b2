/**
 * In a browser the SDK adds no header of its own (the browser sends its own User-Agent and drops a
 * script's; a custom header would need every server's CORS allow-list): Debian's chromium runs the
 * browser bundle against a loopback stub in front of the real server, which records the requests.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from '../../../test/support/browser.js';
import { pageWithClient } from './support/browser-page.js';
import { useServer } from './support/server.js';
import { type Stub, startStub } from './support/stub.js';

describe.skipIf(!browserAvailable)('the SDK in a real browser', { timeout: 120_000 }, () => {
  const server = useServer();
  let browser: Browser;
  let stub: Stub | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stub?.close();
  });

  it("sends the browser's own User-Agent, not tj-client/…", async () => {
    stub = await startStub(server().url, []);
    const page = await pageWithClient(browser, `${stub.url}/api/health`);
    const status = await page.evaluate(async () => {
      const w = window as unknown as { tj: typeof import('../src/index.js') };
      return (await w.tj.createClient({ baseUrl: location.origin }).health()).status;
    });
    expect(status).toBe('ok');
    // The page's own load (and the favicon) and the SDK's call all carry the browser's User-Agent.
    expect(stub.seen.filter((r) => r.path === '/api/health').length).toBe(2);
    const agents = [...new Set(stub.seen.map((r) => r.userAgent ?? ''))];
    expect(agents).toHaveLength(1);
    expect(agents[0]).toMatch(/Chrome\//);
    expect(agents[0]).not.toContain('tj-client');
  });
});
