/**
 * The "Adding an endpoint" example of docs/architecture.md is the code, and it works: each of its
 * blocks stands in the file it names, and `GET /api/instruments` answers through the SDK (its
 * generic call and its named method), the OpenAPI document and the router, on both databases.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createClient } from '@tj/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../packages/http/test/support/server.js';
import { DATABASES } from '../support/databases.js';

const ROOT = resolve(import.meta.dirname, '../..');

/** The ```ts blocks of the doc's section, each with the file the step before it names. */
async function exampleBlocks(): Promise<Array<{ file: string; code: string }>> {
  const doc = await readFile(resolve(ROOT, 'docs/architecture.md'), 'utf8');
  const start = doc.indexOf('## Worked example: adding an endpoint');
  const end = doc.indexOf('\n## ', start + 1);
  const section = doc.slice(start, end === -1 ? undefined : end);
  const blocks: Array<{ file: string; code: string }> = [];
  const step = /^\d+\. \*\*[^*]+\*\* in `([^`]+)`[\s\S]*?```ts\n([\s\S]*?)\n {3}```/gm;
  for (const m of section.matchAll(step)) {
    // The doc indents each block three spaces under its list item.
    const code = (m[2] as string)
      .split('\n')
      .map((line) => line.slice(3))
      .join('\n');
    blocks.push({ file: m[1] as string, code });
  }
  return blocks;
}

describe('adding an endpoint (docs/architecture.md)', () => {
  it('shows four steps, each block as it stands in the file it names', async () => {
    const blocks = await exampleBlocks();
    expect(blocks.map((b) => b.file)).toEqual([
      'packages/schemas/src/account.ts',
      'packages/schemas/src/operations/accounts.ts',
      'packages/core/src/accounts/service.ts',
      'packages/http/src/routes/accounts.ts',
    ]);
    for (const { file, code } of blocks) expect(await readFile(resolve(ROOT, file), 'utf8'), file).toContain(code);
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`GET /api/instruments on ${db.name}`, () => {
    let srv: TestServer;
    beforeAll(async () => {
      srv = await startTestServer(db);
    });
    afterAll(() => srv?.close());

    it('answers through the SDK, the OpenAPI document and the router', async () => {
      const ann = await signUp(srv.url, 'instruments');
      const client = createClient({ baseUrl: srv.url, tokens: ann.tokens });
      const trade = (instrument: string, exitPrice?: number) =>
        client.trades.create({
          instrument,
          direction: 'long',
          entryPrice: 100,
          positionSize: 2,
          entryTime: '2026-11-02T14:30:00Z',
          ...(exitPrice !== undefined && { exitPrice, exitTime: '2026-11-02T15:30:00Z' }),
        });
      await trade('NQ', 101);
      await trade('ES', 99.5);
      await trade('ES', 102);
      await trade('ES');
      const listed = await client.call('listInstruments', {});
      expect(listed.instruments.map((i) => [i.instrument, i.trades, i.openTrades, i.totalPnL])).toEqual([
        ['ES', 3, 1, 3], // (99.5 − 100) × 2 + (102 − 100) × 2
        ['NQ', 1, 0, 2],
      ]);
      expect(await client.instruments()).toEqual(listed);
      const doc = (await (await fetch(`${srv.url}/api/openapi.json`)).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      expect(doc.paths['/api/instruments']?.get).toMatchObject({ operationId: 'listInstruments' });
      const patch = await fetch(`${srv.url}/api/instruments`, { method: 'PATCH', headers: ann.auth });
      expect(patch.status).toBe(405);
      expect(patch.headers.get('allow')).toBe('GET, HEAD');
    });
  });
}
