/** The "Adding a format" example of docs/cli.md is this folder's my-broker-format.ts, and it works. */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createCore } from '@tj/core';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../support/databases.js';
import { myBrokerFills } from './my-broker-format.js';

const ROOT = resolve(import.meta.dirname, '../..');
const FILE = [
  'When,Ticker,Action,Shares,Fill,Commission,Venue',
  '2026-11-02 09:30:00,AAPL,Buy,100,190.00,1.00,ARCA',
  '2026-11-02 10:15:00,AAPL,Sell,100,"1,195.50",1.00,ARCA',
  '',
].join('\n');

describe('adding a format (docs/cli.md)', () => {
  it('shows the example verbatim', async () => {
    const docs = await readFile(resolve(ROOT, 'docs/cli.md'), 'utf8');
    const example = await readFile(resolve(import.meta.dirname, 'my-broker-format.ts'), 'utf8');
    expect(docs).toContain(`\`\`\`ts\n${example}\`\`\``);
  });

  const sqlite = DATABASES.find((d) => d.name === 'sqlite');
  it('takes part in detection and imports through core.imports, naive times in the source zone', async () => {
    const db = await (sqlite as NonNullable<typeof sqlite>).open();
    try {
      const core = createCore({ storage: db.storage, formats: [myBrokerFills] });
      const user = await core.auth.createUser({ email: 'ann@example.com', name: 'Ann', password: 'correct horse battery' });
      const source = { name: 'fills.csv', open: () => [new TextEncoder().encode(FILE)] };
      const found = core.imports.detect(await core.imports.readHead(source));
      expect(found).toMatchObject({ ok: true, format: { name: 'mybroker-fills', label: 'My Broker Fills' } });
      const report = await core.imports.run(user.id, source, { sourceTz: 'America/New_York' });
      expect(report).toMatchObject({ format: { name: 'mybroker-fills' }, counts: { fills: 2, tradesCreated: 1 } });
      const [trade] = (await core.trades.list(user.id, {})).trades;
      // long 100 @ 190 → 1,195.50: 100,550 − 2 commission
      expect(trade).toMatchObject({ entryTime: '2026-11-02T14:30:00.000Z', result: 100_548, fees: 2 });
    } finally {
      await db.cleanup();
    }
  });
});
