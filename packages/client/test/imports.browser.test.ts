/**
 * The SDK in a real browser (Debian's chromium through playwright-core): the browser bundle of the
 * client, loaded into a page of the server's own origin, uploads a `File` made in the page.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from '../../../test/support/browser.js';
import { pageWithClient } from './support/browser-page.js';
import { PASSWORD, useServer } from './support/server.js';

const CSV = [
  'datetime,symbol,side,quantity,price,commission,fees,exec_id,account,multiplier,tags,note',
  '2026-03-02T14:30:00Z,NQ,sell,1,18000,0,0,web-1,WEB,20,,',
  '2026-03-02T14:45:00Z,NQ,buy,1,17990.25,0,0,web-2,WEB,20,,',
  '',
].join('\n');

describe.skipIf(!browserAvailable)('client.imports in a real browser', { timeout: 120_000 }, () => {
  const server = useServer();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('uploads a File picked in the page and answers the import record', async () => {
    const { email } = await server().createUser('browser');
    const errors: string[] = [];
    const page = await pageWithClient(browser, `${server().url}/api/health`, errors);
    const record = await page.evaluate(
      async ({ csv, email, password }) => {
        const w = window as unknown as { tj: typeof import('../src/index.js') };
        const client = w.tj.createClient({ baseUrl: location.origin });
        await client.auth.login({ email, password });
        const file = new File([csv], 'nq.csv', { type: 'text/csv' });
        let progress = 0;
        const created = await client.imports.create(file, { sourceTz: 'UTC', onProgress: (n) => (progress = n) });
        const trade = await client.trades.get(created.tradeIds[0] as string);
        return { created, progress, trade, size: file.size };
      },
      { csv: CSV, email, password: PASSWORD },
    );
    expect(errors).toEqual([]);
    expect(record.created).toMatchObject({ fileName: 'nq.csv', counts: { tradesCreated: 1 }, sizeBytes: record.size });
    expect(record.progress).toBe(record.size);
    // Short 1 NQ (20 per point) from 18000 to 17990.25: 9.75 points, +195.
    expect(record.trade).toMatchObject({ direction: 'short', result: 195, importId: record.created.id });
  });
});
