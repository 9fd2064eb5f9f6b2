import { Readable } from 'node:stream';
import { idPrefixRange, isFullId, isShortId, shortId } from '@tj/core';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DATABASES, postgresUrl } from '../../../../test/support/databases.js';
import { caught, newUser, tradeBody, useCore } from '../support/core.js';

describe('id prefixes and short ids (pure)', () => {
  it('turns a prefix into the inclusive range of ids it covers, with or without hyphens, any case', () => {
    expect(idPrefixRange('0193AB4F-1c')).toEqual({
      from: '0193ab4f-1c00-0000-0000-000000000000',
      to: '0193ab4f-1cff-ffff-ffff-ffffffffffff',
    });
    expect(idPrefixRange('0193ab4f1c')).toEqual(idPrefixRange('0193ab4f-1c'));
    for (const bad of ['', 'xyz', '0193-ab4f', '0193ab4f-1c2a-7a3f-8000-0000000000000', '0193ab4f--']) {
      expect(idPrefixRange(bad), bad).toBeUndefined();
    }
  });

  it('makes a short id of the last 10 hex digits, lower case, and tells the forms apart', () => {
    expect(shortId('0193AB4F-1C2A-7A3F-8E21-5B0C9D3F7A61')).toBe('0c9d3f7a61');
    expect(isShortId('0C9D3F7A61')).toBe(true);
    for (const bad of ['0c9d3f7a6', '0c9d3f7a612', '0c9d3f7a6g', '0c9d-3f7a61']) expect(isShortId(bad), bad).toBe(false);
    expect(isFullId('0193ab4f-1c2a-7a3f-8e21-5b0c9d3f7a61')).toBe(true);
    expect(isFullId('0c9d3f7a61')).toBe(false);
  });
});

/** Ids whose last 10 digits are all `tail`: a collision of short ids made on purpose (40 random bits rarely collide). */
function collidingIds(tail: string) {
  let n = 0;
  return {
    next: () => {
      n++;
      const head = (0x0193ab4f0000 + n).toString(16).padStart(12, '0');
      return `${head.slice(0, 8)}-${head.slice(8, 12)}-7000-8000-${'00'}${tail}`;
    },
  };
}

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`short ids on ${db.name}`, () => {
    const h = useCore(db, { webhooks: { allowPrivateTargets: true } });

    it('reads, changes and deletes every kind of record by its short id, any case; another user’s is not found', async () => {
      const core = h.core();
      const user = await newUser(core);
      const other = await newUser(core);
      const short = (r: { id: string }) => shortId(r.id);

      const trade = await core.trades.create(user, tradeBody());
      expect((await core.trades.get(user, short(trade).toUpperCase())).id).toBe(trade.id);
      expect((await core.trades.update(user, short(trade), { notes: 'by short id' })).notes).toBe('by short id');
      expect((await caught(() => core.trades.get(other, short(trade)))).code).toBe('not_found');

      const entry = await core.journal.create(user, { date: '2026-11-20' });
      expect((await core.journal.get(user, short(entry))).id).toBe(entry.id);
      await core.journal.delete(user, short(entry));
      expect((await caught(() => core.journal.get(user, entry.id))).code).toBe('not_found');

      const alert = await core.alerts.create(user, { name: 'stops', type: 'missingStopLoss' });
      expect((await core.alerts.update(user, short(alert), { active: false })).active).toBe(false);
      expect((await core.alerts.events(user, short(alert), {})).events).toEqual([]);
      await core.alerts.delete(user, short(alert));
      expect((await caught(() => core.alerts.get(user, alert.id))).code).toBe('not_found');

      const key = await core.apiKeys.create(user, { name: 'export', scopes: ['read'] });
      await core.apiKeys.revoke(user, short(key));
      expect((await core.apiKeys.get(user, key.id)).revokedAt).not.toBeNull();

      const hook = await core.webhooks.create(user, { url: 'http://127.0.0.1:9/in', events: ['trade.created'] });
      await core.trades.create(user, tradeBody());
      const { deliveries } = await core.webhooks.deliveries(user, short(hook), {});
      expect(deliveries).toHaveLength(1);
      const delivery = deliveries[0] as { id: string };
      // Pending: found by both short ids, and refused for what it is (not "not found").
      expect((await caught(() => core.webhooks.redeliver(user, short(hook), short(delivery)))).code).toBe('conflict');
      await core.webhooks.delete(user, short(hook));
      expect((await caught(() => core.webhooks.get(user, hook.id))).code).toBe('not_found');

      const action = await core.corporateActions.create(user, {
        kind: 'split',
        instrument: 'AAPL',
        ratio: '2:1',
        effectiveAt: '2026-08-31',
      });
      await core.corporateActions.delete(user, short(action));
      expect((await core.corporateActions.list(user, {})).corporateActions).toEqual([]);
    });

    it('gives the trades of one import (one millisecond) distinct short ids, each finding its trade, and undoes the import by its own', async () => {
      const core = h.core();
      const user = await newUser(core);
      const rows = Array.from({ length: 40 }, (_, i) => {
        const at = new Date(Date.UTC(2026, 4, 4, 14, 30 + i)).toISOString();
        return `${at},ES,buy,1,5000,0,0,x-${i},SIM,50,,\n${at.replace(':00.000Z', ':30.000Z')},ES,sell,1,5001,0,0,y-${i},SIM,50,,`;
      });
      const csv = `datetime,symbol,side,quantity,price,commission,fees,exec_id,account,multiplier,tags,note\n${rows.join('\n')}\n`;
      const record = await core.imports.create(
        user,
        { name: 'es.csv', open: () => Readable.from([Buffer.from(csv)]) },
        { sourceTz: 'UTC' },
      );
      expect(record.tradeIds).toHaveLength(40);
      const shorts = new Set(record.tradeIds.map(shortId));
      expect(shorts.size).toBe(40);
      for (const id of record.tradeIds) expect((await core.trades.get(user, shortId(id))).id).toBe(id);
      expect((await core.imports.get(user, shortId(record.id))).id).toBe(record.id);
      expect((await core.imports.undo(user, shortId(record.id))).undoneAt).not.toBeNull();
      expect((await core.trades.list(user, {})).trades).toEqual([]);
    });

    it('finds a short id through its index, not by reading the user’s rows', async () => {
      const sqlText = (shortOf: string) =>
        `SELECT id FROM trades WHERE user_id = '00000000-0000-7000-8000-000000000000' AND ${shortOf} = 'abcdef0123' ORDER BY id LIMIT 6`;
      if (db.name === 'sqlite') {
        const file = h.url().slice('sqlite:'.length);
        const raw = new Database(file, { readonly: true });
        try {
          const plan = raw.prepare(`EXPLAIN QUERY PLAN ${sqlText('substr(id, -10)')}`).all() as Array<{ detail: string }>;
          expect(plan.map((p) => p.detail).join(' ')).toContain('trades_short_id');
        } finally {
          raw.close();
        }
      } else {
        const schema = new URL(h.url()).searchParams.get('schema') as string;
        const client = new pg.Client({ connectionString: postgresUrl });
        await client.connect();
        try {
          await client.query(`SET search_path TO "${schema}"; SET enable_seqscan = off`);
          const { rows } = await client.query(`EXPLAIN ${sqlText('right(id::text, 10)')}`);
          expect(rows.map((r) => r['QUERY PLAN']).join(' ')).toContain('trades_short_id');
        } finally {
          await client.end();
        }
      }
    });
  });

  describe.skipIf(!db.available)(`a short id two records share, on ${db.name}`, () => {
    const h = useCore(db, { ids: collidingIds('0c9d3f7a61') });

    it('is refused as ambiguous naming both; the full ids still work, and other kinds do not collide', async () => {
      const core = h.core();
      // The users' ids come from the same generator: each short id is shared by everything here.
      const user = await newUser(core);
      const a = await core.trades.create(user, tradeBody());
      const b = await core.trades.create(user, tradeBody({ instrument: 'MSFT' }));
      const error = await caught(() => core.trades.get(user, '0c9d3f7a61'));
      expect(error.code).toBe('ambiguous_id');
      expect(error.message).toContain(a.id);
      expect(error.message).toContain(b.id);
      expect((await caught(() => core.trades.delete(user, '0C9D3F7A61'))).code).toBe('ambiguous_id');
      expect((await core.trades.get(user, b.id)).instrument).toBe('MSFT');
      expect((await core.trades.list(user, {})).pagination.total).toBe(2);
      const entry = await core.journal.create(user, { date: '2026-11-20' });
      expect((await core.journal.get(user, '0c9d3f7a61')).id).toBe(entry.id);
    });
  });
}
